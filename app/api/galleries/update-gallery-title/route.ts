import { studioRoute } from "@/lib/http";
import { updateGalleryText } from "@/lib/services/galleries";
import { updateGalleryTextSchema } from "@/lib/validation/galleries";

// PUT /api/galleries/update-gallery-title
export const PUT = studioRoute({ body: updateGalleryTextSchema }, async ({ body, actor }) => updateGalleryText(actor, body));
