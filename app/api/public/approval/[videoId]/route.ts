// GET /api/public/approval/:videoId?g=<gallery> → { version, open, mayApprove, mine, state, rounds }: a
// reviewer's view of a film's approval (a guest who may comment or approve), after the gallery gate.
// PUT /api/public/approval/:videoId?g=<gallery> { decision, note?, version? } → { decision, state }: a
// guest who may approve decides on the film's current version.
import { privateJson, route, guestSameSiteOnly } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { decide, guestApproval } from "@/lib/services/review";

export const GET = route(doors.approvals.get, async ({ req, params, query }) => privateJson(await guestApproval({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req) })));

// The guest is named by their cookie: another site's request is refused, as for signed-in doors.
export const PUT = route(doors.approvals.decide, async ({ req, params, query, body }) => {
  guestSameSiteOnly(req);
  const { decision, state } = await decide({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req), body });
  return privateJson({ decision, state });
});
