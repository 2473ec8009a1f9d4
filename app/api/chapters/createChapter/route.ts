// POST /api/chapters/createChapter { title, cuePoint, videoId } → 201 { chapter }, or 200 with the
// chapter already starting at that second (a double click or a retry creates nothing more).
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { createChapter } from "@/lib/services/films";

export const POST = route(doors.chapters.create, async ({ body, actor }) => {
  const { chapter, created } = await createChapter(actor, body);
  return json({ chapter }, created ? 201 : 200);
});
