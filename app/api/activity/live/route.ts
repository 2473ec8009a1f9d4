// GET /api/activity/live[?after=<id>] → server-sent events: the studio's activity as it happens
// (lib/services/platform/activity/feed.ts); an EventSource's reconnect resumes from Last-Event-ID.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { activityStream, eventStreamResponse, streamCursor } from "@/lib/services/platform";

export const GET = route(doors.activity.live, async ({ req, query, actor }) =>
  eventStreamResponse(await activityStream(actor, { after: streamCursor(req.headers.get("last-event-id"), query.after === undefined ? undefined : Number(query.after)), signal: req.signal })),
);
