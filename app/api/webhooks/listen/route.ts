// GET /api/webhooks/listen[?events=a,b&after=<id>] → server-sent events: the studio's events as
// deliveries, for the local forwarder (npm run webhooks:listen); the secret they are signed with is in
// the Vidfolio-Listen-Secret header. A reconnect resumes from Last-Event-ID.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { LISTEN_SECRET_HEADER, eventStreamResponse, listenSecret, listenStream, streamCursor } from "@/lib/services/platform";

export const GET = route(doors.webhooks.listen, async ({ req, query, actor }) => {
  const resume = req.headers.get("last-event-id") ?? query.after;
  const stream = await listenStream(actor, { events: query.events, after: resume ? streamCursor(resume, undefined) : null, signal: req.signal });
  const res = eventStreamResponse(stream);
  res.headers.set(LISTEN_SECRET_HEADER, listenSecret(actor));
  return res;
});
