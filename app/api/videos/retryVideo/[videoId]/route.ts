// POST /api/videos/retryVideo/:videoId — processes a FAILED video again → { video }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { retryVideo } from "@/lib/services/videos";

export const POST = studioRoute({ params: z.object({ videoId: idSchema }) }, async ({ params, actor }) => ({ video: await retryVideo(actor, params.videoId) }));
