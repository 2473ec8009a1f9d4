// DELETE /api/chapters/deleteChapter/:id → { message }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteChapter } from "@/lib/services/films";

export const DELETE = route(doors.chapters.remove, async ({ params, actor }) => deleteChapter(actor, params.id));
