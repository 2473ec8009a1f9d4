import { json, studioRoute } from "@/lib/http";
import { createGallery } from "@/lib/services/galleries";
import { createGallerySchema } from "@/lib/validation/galleries";

// POST /api/galleries/create
export const POST = studioRoute({ body: createGallerySchema }, async ({ body, actor }) => json(await createGallery(actor, body), 201));
