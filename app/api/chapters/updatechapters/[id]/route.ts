// PUT /api/chapters/updatechapters/:id { title?, cuePoint?, videoId? } → { chapter }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { updateChapter } from "@/lib/services/films";

export const PUT = route(doors.chapters.update, async ({ params, body, actor }) => ({
  chapter: await updateChapter(actor, params.id, body),
}));
