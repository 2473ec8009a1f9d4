// GET /api/videos/comments/:videoId → { version, comments }: a film's review comments (the studio's own film).
// POST /api/videos/comments/:videoId { text, time, endTime?, drawing?, parentId? } → 201 { comment }.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { studioComment, studioComments } from "@/lib/services/comments";

export const GET = route(doors.comments.list, async ({ params, actor }) => studioComments(actor, params.videoId));

export const POST = route(doors.comments.add, async ({ params, body, actor }) => ({ comment: await studioComment(actor, params.videoId, body) }));
