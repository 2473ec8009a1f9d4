import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { listGalleryVideos } from "@/lib/services/showcase";
import { idSchema } from "@/lib/validation/common";

// GET /api/galleries/get-gallery-videos/:id
export const GET = studioRoute({ params: z.object({ id: idSchema }) }, ({ params, actor }) => listGalleryVideos(actor, params.id));
