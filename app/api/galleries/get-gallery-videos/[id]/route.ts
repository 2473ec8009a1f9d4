import { studioRoute } from "@/lib/http";
import { listGalleryVideos } from "@/lib/services/showcase";

type P = { id: string };

// GET /api/galleries/get-gallery-videos/:id
export const GET = studioRoute<P>(({ params, actor }) => listGalleryVideos(actor, params.id));
