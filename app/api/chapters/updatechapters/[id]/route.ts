// PUT /api/chapters/updatechapters/:id { title?, cuePoint?, videoId? } → { chapter }
import { parseJson, studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { updateChapterSchema } from "@/lib/validation/chapters";
import { updateChapter } from "@/lib/services/chapters";

export const PUT = studioRoute<{ id: string }>(async ({ req, params, actor }) => ({
  chapter: await updateChapter(actor, idParam(params.id), await parseJson(req, updateChapterSchema)),
}));
