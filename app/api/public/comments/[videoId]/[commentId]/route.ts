// PATCH /api/public/comments/:videoId/:commentId?g=<gallery> { text } → { comment }: a guest's own
// comment, within 10 minutes. DELETE → { deleted }: likewise.
import { route, guestSameSiteOnly } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { guestDeleteComment, guestUpdateComment } from "@/lib/services/review";

// The guest is named by their cookie: another site's request is refused, as for signed-in doors.
export const PATCH = route(doors.guestComments.update, async ({ req, params, query, body }) => {
  guestSameSiteOnly(req);
  return { comment: await guestUpdateComment({ gallery: query.g, videoId: params.videoId, commentId: params.commentId, credentials: viewerCredentials(req), body }) };
});

export const DELETE = route(doors.guestComments.remove, async ({ req, params, query }) => {
  guestSameSiteOnly(req);
  return guestDeleteComment({ gallery: query.g, videoId: params.videoId, commentId: params.commentId, credentials: viewerCredentials(req) });
});
