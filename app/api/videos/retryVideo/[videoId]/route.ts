// POST /api/videos/retryVideo/:videoId — processes a FAILED video again → { video }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { retryVideo } from "@/lib/services/films";

export const POST = route(doors.videos.retry, async ({ params, actor }) => ({ video: await retryVideo(actor, params.videoId) }));
