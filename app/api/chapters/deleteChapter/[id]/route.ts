// DELETE /api/chapters/deleteChapter/:id → { message }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { deleteChapter } from "@/lib/services/chapters";

export const DELETE = studioRoute({ params: z.object({ id: idSchema }) }, async ({ params, actor }) => deleteChapter(actor, params.id));
