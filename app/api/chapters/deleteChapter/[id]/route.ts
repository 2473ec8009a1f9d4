// DELETE /api/chapters/deleteChapter/:id → { message }
import { studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { deleteChapter } from "@/lib/services/chapters";

export const DELETE = studioRoute<{ id: string }>(async ({ params, actor }) => deleteChapter(actor, idParam(params.id)));
