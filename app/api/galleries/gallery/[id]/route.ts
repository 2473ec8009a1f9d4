import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { deleteGallery, getGalleryDetails } from "@/lib/services/galleries";
import { idSchema } from "@/lib/validation/common";

const idPath = z.object({ id: idSchema });

// GET /api/galleries/gallery/:id
export const GET = studioRoute({ params: idPath }, ({ params, actor }) => getGalleryDetails(actor, params.id));

// DELETE /api/galleries/gallery/:id
export const DELETE = studioRoute({ params: idPath }, async ({ params, actor }) => {
  await deleteGallery(actor, params.id);
  return { message: "Gallery deleted." };
});
