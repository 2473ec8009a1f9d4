// PATCH /api/videos/comments/:videoId/:commentId { text?, resolved? } → { comment }: resolve or reopen a
// thread, or change the studio's own comment within 10 minutes.
// DELETE /api/videos/comments/:videoId/:commentId → { deleted }: the studio's own, within 10 minutes.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteComment, updateComment } from "@/lib/services/review";

export const PATCH = route(doors.comments.update, async ({ params, body, actor }) => ({ comment: await updateComment(actor, params.videoId, params.commentId, body) }));

export const DELETE = route(doors.comments.remove, async ({ params, actor }) => deleteComment(actor, params.videoId, params.commentId));
