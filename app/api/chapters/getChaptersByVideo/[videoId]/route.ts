// GET /api/chapters/getChaptersByVideo/:videoId → { chapters } sorted by time
import { studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { listChapters } from "@/lib/services/chapters";

export const GET = studioRoute<{ videoId: string }>(async ({ params, actor }) => ({ chapters: await listChapters(actor, idParam(params.videoId)) }));
