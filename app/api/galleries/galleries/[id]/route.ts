import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { renameGallery } from "@/lib/services/galleries";

// PUT /api/galleries/galleries/:id
export const PUT = route(doors.galleries.rename, async ({ params, body, actor }) => renameGallery(actor, params.id, body.name));
