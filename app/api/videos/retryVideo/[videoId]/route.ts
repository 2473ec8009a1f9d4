// POST /api/videos/retryVideo/:videoId — processes a FAILED video again → { video }
import { studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { retryVideo } from "@/lib/services/videos";

export const POST = studioRoute<{ videoId: string }>(async ({ params, actor }) => ({ video: await retryVideo(actor, idParam(params.videoId)) }));
