// DELETE /api/videos/deleteVideo/:videoId — the row, its chapters and its objects → { message }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteVideo } from "@/lib/services/films";

export const DELETE = route(doors.videos.remove, async ({ params, actor }) => deleteVideo(actor, params.videoId));
