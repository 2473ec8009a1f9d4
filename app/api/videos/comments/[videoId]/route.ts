// GET /api/videos/comments/:videoId → { version, comments }: a film's review comments (the studio's own film).
// POST /api/videos/comments/:videoId { text, time, endTime?, drawing?, parentId?, clientKey? } → 201 { comment }.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { studioComment, studioComments } from "@/lib/services/review";

export const GET = route(doors.comments.list, async ({ params, actor }) => studioComments(actor, params.videoId));

// 201 with the comment written; 200 with the one a retry of the same post (its clientKey) made.
export const POST = route(doors.comments.add, async ({ params, body, actor }) => {
  const { comment, created } = await studioComment(actor, params.videoId, body);
  return json({ comment }, created ? 201 : 200);
});
