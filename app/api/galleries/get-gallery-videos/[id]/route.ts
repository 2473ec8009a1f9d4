import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { listGalleryVideos } from "@/lib/services/galleries";

// GET /api/galleries/get-gallery-videos/:id
export const GET = route(doors.galleries.videos, ({ params, actor }) => listGalleryVideos(actor, params.id));
