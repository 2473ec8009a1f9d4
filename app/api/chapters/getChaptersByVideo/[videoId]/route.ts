// GET /api/chapters/getChaptersByVideo/:videoId → { chapters } sorted by time
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { listChapters } from "@/lib/services/films";

export const GET = route(doors.chapters.list, async ({ params, actor }) => ({ chapters: await listChapters(actor, params.videoId) }));
