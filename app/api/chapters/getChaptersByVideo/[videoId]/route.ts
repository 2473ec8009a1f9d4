// GET /api/chapters/getChaptersByVideo/:videoId → { chapters } sorted by time
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { listChapters } from "@/lib/services/chapters";

export const GET = studioRoute({ params: z.object({ videoId: idSchema }) }, async ({ params, actor }) => ({ chapters: await listChapters(actor, params.videoId) }));
