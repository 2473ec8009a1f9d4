import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { updateGalleryText } from "@/lib/services/galleries";

// PUT /api/galleries/update-gallery-title
export const PUT = route(doors.galleries.updateText, async ({ body, actor }) => updateGalleryText(actor, body));
