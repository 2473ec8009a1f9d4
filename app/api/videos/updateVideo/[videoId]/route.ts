// PUT /api/videos/updateVideo/:videoId — one of { url | title | thumbnail | cuePoint } → { video }
import { studioRoute, parseJson } from "@/lib/http";
import { updateVideoSchema } from "@/lib/validation/uploads";
import { idParam } from "@/lib/validation/common";
import { updateVideo } from "@/lib/services/videos";

export const PUT = studioRoute<{ videoId: string }>(async ({ req, params, actor }) => ({
  video: await updateVideo(actor, idParam(params.videoId), await parseJson(req, updateVideoSchema)),
}));
