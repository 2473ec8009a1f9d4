import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteGallery, getGalleryDetails } from "@/lib/services/galleries";

// GET /api/galleries/gallery/:id
export const GET = route(doors.galleries.details, ({ params, actor }) => getGalleryDetails(actor, params.id));

// DELETE /api/galleries/gallery/:id
export const DELETE = route(doors.galleries.remove, async ({ params, actor }) => {
  await deleteGallery(actor, params.id);
  return { message: "Gallery deleted." };
});
