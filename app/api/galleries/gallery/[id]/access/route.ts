import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { getGalleryAccess, updateGalleryAccess } from "@/lib/services/access";

// GET /api/galleries/gallery/:id/access → { access: { hasPassword, hasDownloadPin, expiresAt } }
export const GET = route(doors.galleries.access, async ({ params, actor }) => ({ access: await getGalleryAccess(actor, params.id) }));

// PUT /api/galleries/gallery/:id/access { password?: string | null, downloadPin?: 4–8 digits | null, expiresAt?: ISO string | null } → { access }
export const PUT = route(doors.galleries.setAccess, async ({ params, body, actor }) => ({ access: await updateGalleryAccess(actor, params.id, body) }));
