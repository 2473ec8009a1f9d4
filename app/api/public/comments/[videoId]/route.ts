// GET /api/public/comments/:videoId?g=<gallery> → { version, comments }: for a guest of a personal link
// who may comment or approve, after the gallery gate.
// POST /api/public/comments/:videoId?g=<gallery> { text, time, endTime?, drawing?, parentId? } → 201
// { comment }: a guest who may comment.
import { privateJson, route, guestSameSiteOnly } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { guestComment, guestComments } from "@/lib/services/review";

export const GET = route(doors.guestComments.list, async ({ req, params, query }) =>
  privateJson(await guestComments({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req) })),
);

// The guest is named by their cookie: another site's request is refused, as for signed-in doors.
export const POST = route(doors.guestComments.add, async ({ req, params, query, body }) => {
  guestSameSiteOnly(req);
  const { comment, created } = await guestComment({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req), body });
  return privateJson({ comment }, created ? 201 : 200);
});
