// DELETE /api/videos/deleteVideo/:videoId — the row, its chapters and its objects → { message }
import { studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { deleteVideo } from "@/lib/services/videos";

export const DELETE = studioRoute<{ videoId: string }>(async ({ params, actor }) => deleteVideo(actor, idParam(params.videoId)));
