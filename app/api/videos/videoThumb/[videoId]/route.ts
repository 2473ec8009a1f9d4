// GET /api/videos/videoThumb/:videoId → { thumbnail, status }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { videoThumb } from "@/lib/services/films";

export const GET = route(doors.videos.thumb, async ({ params, actor }) => videoThumb(actor, params.videoId));
