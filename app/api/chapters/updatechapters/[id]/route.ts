// PUT /api/chapters/updatechapters/:id { title?, cuePoint?, videoId? } → { chapter }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { updateChapterSchema } from "@/lib/validation/chapters";
import { updateChapter } from "@/lib/services/chapters";

export const PUT = studioRoute({ params: z.object({ id: idSchema }), body: updateChapterSchema }, async ({ params, body, actor }) => ({
  chapter: await updateChapter(actor, params.id, body),
}));
