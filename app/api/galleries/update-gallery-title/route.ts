import { parseJson, studioRoute } from "@/lib/http";
import { updateGalleryText } from "@/lib/services/galleries";
import { updateGalleryTextSchema } from "@/lib/validation/galleries";

// PUT /api/galleries/update-gallery-title
export const PUT = studioRoute(async ({ req, actor }) => updateGalleryText(actor, await parseJson(req, updateGalleryTextSchema)));
