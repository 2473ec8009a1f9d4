// A review panel's live stream (live review; the doors: lib/services/review/review-events.ts): an
// EventSource, so the browser reconnects by itself after a dropped connection or the stream's end,
// sending the last event's id (Last-Event-ID) and losing none. A refused connection (a 403, a 404,
// too many panels open) closes the EventSource for good: it is tried again a few times, further
// apart each time, then left (the panel still shows the reader's own changes). No polling.
import type { ReviewLiveEvent } from "@/lib/contract/review";

/** Waits before trying a refused stream again; then it is left. */
const AGAIN_MS = [3_000, 10_000, 30_000];

export type ReviewFollower = {
  /** One change (a comment as the reader sees it, a deletion, a decision). */
  event: (event: ReviewLiveEvent) => void;
  /** The stream cannot resume from the list's cursor (it is older than what is kept): read the list again. */
  reset: () => void;
};

/** Follows a film's review at `url` (a live door, with its query but `after`) from the list's `cursor`; returns the stop. */
export function followReview(url: string, cursor: number, on: ReviewFollower): () => void {
  let source: EventSource | null = null;
  let refused = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastId: string | null = null;

  const connect = () => {
    if (stopped || typeof EventSource === "undefined") return;
    // A new EventSource starts without a last id: the one had so far goes in the address.
    const es = new EventSource(`${url}${url.includes("?") ? "&" : "?"}after=${lastId ?? cursor}`);
    source = es;
    es.addEventListener("open", () => {
      refused = 0;
    });
    es.addEventListener("review", (m) => {
      lastId = (m as MessageEvent).lastEventId || lastId;
      try {
        on.event(JSON.parse((m as MessageEvent<string>).data) as ReviewLiveEvent);
      } catch {
        // not an event of ours
      }
    });
    es.addEventListener("reset", (m) => {
      lastId = (m as MessageEvent).lastEventId || lastId;
      on.reset();
    });
    es.addEventListener("error", () => {
      if (es.readyState !== EventSource.CLOSED || stopped) return;
      // Refused (not a dropped connection: that one the browser retries itself).
      if (refused >= AGAIN_MS.length) return;
      timer = setTimeout(connect, AGAIN_MS[refused]);
      refused += 1;
    });
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
