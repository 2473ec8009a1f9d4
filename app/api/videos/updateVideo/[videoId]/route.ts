// PUT /api/videos/updateVideo/:videoId — one of { url | title | thumbnail | cuePoint } → { video }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { updateVideo } from "@/lib/services/films";

export const PUT = route(doors.videos.update, async ({ params, body, actor }) => ({
  video: await updateVideo(actor, params.videoId, body),
}));
