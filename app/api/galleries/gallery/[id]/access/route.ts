import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { getGalleryAccess, updateGalleryAccess } from "@/lib/services/gallery-access";
import { idSchema } from "@/lib/validation/common";
import { galleryAccessSchema } from "@/lib/validation/public";

const idPath = z.object({ id: idSchema });

// GET /api/galleries/gallery/:id/access → { access: { hasPassword, hasDownloadPin, expiresAt } }
export const GET = studioRoute({ params: idPath }, async ({ params, actor }) => ({ access: await getGalleryAccess(actor, params.id) }));

// PUT /api/galleries/gallery/:id/access { password?: string | null, downloadPin?: 4–8 digits | null, expiresAt?: ISO string | null } → { access }
export const PUT = studioRoute({ params: idPath, body: galleryAccessSchema }, async ({ params, body, actor }) => ({ access: await updateGalleryAccess(actor, params.id, body) }));
