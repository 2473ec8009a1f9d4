// GET /api/videos/comments/:videoId/live[?after=<cursor>] → server-sent events: the film's review as
// it changes (lib/services/review/review-events.ts); an EventSource's reconnect resumes from Last-Event-ID.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { studioReviewStream } from "@/lib/services/review";
import { eventStreamResponse } from "@/lib/services/platform";

export const GET = route(doors.comments.live, async ({ req, params, query, actor }) =>
  eventStreamResponse(await studioReviewStream(actor, params.videoId, { lastEventId: req.headers.get("last-event-id"), after: query.after, signal: req.signal })),
);
