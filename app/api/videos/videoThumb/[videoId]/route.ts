// GET /api/videos/videoThumb/:videoId → { thumbnail, status }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { videoThumb } from "@/lib/services/videos";

export const GET = studioRoute({ params: z.object({ videoId: idSchema }) }, async ({ params, actor }) => videoThumb(actor, params.videoId));
