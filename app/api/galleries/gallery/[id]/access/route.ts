import { parseJson, studioRoute } from "@/lib/http";
import { getGalleryAccess, updateGalleryAccess } from "@/lib/services/gallery-access";
import { galleryAccessSchema } from "@/lib/validation/public";

type P = { id: string };

// GET /api/galleries/gallery/:id/access → { access: { hasPassword, expiresAt } }
export const GET = studioRoute<P>(async ({ params, actor }) => ({ access: await getGalleryAccess(actor, params.id) }));

// PUT /api/galleries/gallery/:id/access { password?: string | null, expiresAt?: ISO string | null } → { access }
export const PUT = studioRoute<P>(async ({ req, params, actor }) => {
  const input = await parseJson(req, galleryAccessSchema);
  return { access: await updateGalleryAccess(actor, params.id, input) };
});
