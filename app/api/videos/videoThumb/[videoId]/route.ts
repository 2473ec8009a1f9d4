// GET /api/videos/videoThumb/:videoId → { thumbnail, status }
import { studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { videoThumb } from "@/lib/services/videos";

export const GET = studioRoute<{ videoId: string }>(async ({ params, actor }) => videoThumb(actor, idParam(params.videoId)));
