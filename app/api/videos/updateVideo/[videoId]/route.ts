// PUT /api/videos/updateVideo/:videoId — one of { url | title | thumbnail | cuePoint } → { video }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { updateVideoSchema } from "@/lib/validation/uploads";
import { idSchema } from "@/lib/validation/common";
import { updateVideo } from "@/lib/services/videos";

export const PUT = studioRoute({ params: z.object({ videoId: idSchema }), body: updateVideoSchema }, async ({ params, body, actor }) => ({
  video: await updateVideo(actor, params.videoId, body),
}));
