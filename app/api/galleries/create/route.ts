import { json, parseJson, studioRoute } from "@/lib/http";
import { createGallery } from "@/lib/services/galleries";
import { createGallerySchema } from "@/lib/validation/galleries";

// POST /api/galleries/create
export const POST = studioRoute(async ({ req, actor }) => {
  const input = await parseJson(req, createGallerySchema);
  return json(await createGallery(actor, input), 201);
});
