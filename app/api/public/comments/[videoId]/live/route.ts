// GET /api/public/comments/:videoId/live?g=<gallery>[&after=<cursor>] → server-sent events: the film's
// review as it changes, for a guest who may comment or approve (the gate asked at each connection);
// an EventSource's reconnect resumes from Last-Event-ID.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { guestReviewStream } from "@/lib/services/review";
import { eventStreamResponse } from "@/lib/services/platform";

export const GET = route(doors.guestComments.live, async ({ req, params, query }) =>
  eventStreamResponse(
    await guestReviewStream({ gallery: query.g, videoId: params.videoId, credentials: viewerCredentials(req), lastEventId: req.headers.get("last-event-id"), after: query.after, signal: req.signal }),
  ),
);
