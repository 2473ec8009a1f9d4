import { studioRoute } from "@/lib/http";
import { deleteGallery, getGalleryDetails } from "@/lib/services/galleries";

type P = { id: string };

// GET /api/galleries/gallery/:id
export const GET = studioRoute<P>(({ params, actor }) => getGalleryDetails(actor, params.id));

// DELETE /api/galleries/gallery/:id
export const DELETE = studioRoute<P>(async ({ params, actor }) => {
  await deleteGallery(actor, params.id);
  return { message: "Gallery deleted." };
});
