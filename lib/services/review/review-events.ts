// Live review: every change to a film's review (a comment written, changed,
// resolved or deleted; a decision) is a ReviewEvent row written in the change's own transaction,
// and a NOTIFY on REVIEW_CHANNEL naming the film, delivered to every app instance when it commits.
//
// - Order: the row is written under the film's advisory lock, held to the commit, so a film's
//   event ids rise in the order its changes committed. A reader that has every event up to id N has
//   missed none below it: "from N on" is a complete answer (what Last-Event-ID resumes from).
// - Wake-ups, not data: an instance's one listening connection (`reviewBus()`) wakes the streams
//   of the film named; each stream then reads the table from its own last id (the listener and the
//   stream are lib/services/platform/live.ts's, shared with the studio's activity feed).
// - A stream (`reviewStream`) is server-sent events: `id:` the event's id, `event: review` and the
//   caller's rendering of the rows (the comment as that reader sees it); `event: reset` when the
//   reader's cursor is older than what is kept (REVIEW_EVENT_DAYS): it reads the list again. A
//   stream ends after five minutes (the browser reconnects with Last-Event-ID, and the door's
//   gate is asked again); a reader holds at most STREAMS_PER_READER at once (429 beyond).
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { NotifyBus, claimSlot, liveStream, type LiveMessage } from "@/lib/services/platform";

const REVIEW_CHANNEL = "vidfolio_review";
/** The advisory-lock class of a film's review events (the key is the film id's hash). */
const REVIEW_LOCK_CLASS = 40_003;
/** How long events are kept: a panel away longer reads its list again (`reset`). */
export const REVIEW_EVENT_DAYS = 7;

export type ReviewEventKind = "created" | "updated" | "deleted" | "approval";
type ReviewEventRow = { id: bigint; kind: ReviewEventKind; commentId: string | null };

/**
 * Records a change to `videoId`'s review in the caller's transaction (its last statement, so the
 * film's lock is held only to the commit), and announces it at the commit. One round trip.
 */
export async function recordReviewEvent(tx: Tx, videoId: string, kind: ReviewEventKind, commentId: string | null = null): Promise<void> {
  await tx.$queryRaw`
    WITH locked AS (SELECT pg_advisory_xact_lock(${REVIEW_LOCK_CLASS}::int, hashtext(${videoId}))),
    written AS (
      INSERT INTO "ReviewEvent" ("videoId", "kind", "commentId")
      SELECT ${videoId}::uuid, ${kind}, ${commentId}::uuid FROM locked
      RETURNING id
    )
    SELECT pg_notify(${REVIEW_CHANNEL}, ${videoId})::text AS sent FROM written`;
}

/** The newest event of a film (0: none): read before a list, it is where that list's stream starts. */
export async function reviewCursor(videoId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ id: bigint | null }[]>`SELECT max(id) AS id FROM "ReviewEvent" WHERE "videoId" = ${videoId}::uuid`;
  return Number(row?.id ?? 0);
}

/** Deletes events older than REVIEW_EVENT_DAYS (the review-digests job, every minute). */
export async function pruneReviewEvents(now = new Date()): Promise<{ pruned: number }> {
  const { count } = await db.reviewEvent.deleteMany({ where: { at: { lt: new Date(now.getTime() - REVIEW_EVENT_DAYS * 86_400_000) } } });
  return { pruned: count };
}

// ---------------------------------------------------------------------------------------------
// The listener: one connection per instance (lib/services/platform/live.ts)

/** The review's listener: films are its topics. Made when asked, never at module load (another domain's class). */
export type ReviewBus = NotifyBus;
export const newReviewBus = (connectionString: string): ReviewBus => new NotifyBus(connectionString, REVIEW_CHANNEL);

const globalBus = globalThis as unknown as { vidfolioReviewBus?: ReviewBus };

/** Stops this instance's listener, if one was made (a test file's end). */
export async function closeReviewBus(): Promise<void> {
  const bus = globalBus.vidfolioReviewBus;
  globalBus.vidfolioReviewBus = undefined;
  await bus?.close();
}

/** This instance's listener (started by the first stream). */
export function reviewBus(): ReviewBus {
  globalBus.vidfolioReviewBus ??= newReviewBus(env().DATABASE_URL);
  return globalBus.vidfolioReviewBus;
}

// ---------------------------------------------------------------------------------------------
// A stream

export type Render = (rows: ReviewEventRow[]) => Promise<LiveMessage[]>;

/** Whether a cursor can still be resumed: 0 (the film had no event), or an event of this film still kept. */
async function resumable(videoId: string, after: bigint): Promise<boolean> {
  if (after === BigInt(0)) return true;
  const kept = await db.reviewEvent.findFirst({ where: { id: after, videoId }, select: { id: true } });
  return kept !== null;
}

export type StreamOptions = {
  videoId: string;
  /** Who reads (a studio's id, a guest's invite), for the per-reader cap. */
  reader: string;
  /** The last event the reader has (Last-Event-ID, or the list's `cursor`). */
  after: bigint;
  render: Render;
  signal?: AbortSignal;
  bus?: ReviewBus;
  lifeMs?: number;
  /** Asked again while the stream is open; the stream ends when it throws (lib/services/platform/live.ts). */
  stillAdmitted?: () => Promise<unknown>;
  admitEveryMs?: number;
};

/**
 * A film's review as server-sent events from `after` on. Throws (before any byte) a 429 when the
 * reader holds too many streams. The stream closes at `lifeMs`, when the request is aborted, when
 * the reader cancels it, or when `stillAdmitted` throws.
 */
export async function reviewStream(opts: StreamOptions): Promise<ReadableStream<Uint8Array>> {
  const release = claimSlot(opts.reader);
  let after = opts.after;
  const fresh = await resumable(opts.videoId, after).catch((e: unknown) => {
    release();
    throw e;
  });
  if (!fresh) after = BigInt(await reviewCursor(opts.videoId));
  return liveStream({
    bus: opts.bus ?? reviewBus(),
    topic: opts.videoId,
    release,
    after,
    reset: !fresh,
    event: "review",
    read: async (cursor, limit) => {
      const rows = await db.reviewEvent.findMany({
        where: { videoId: opts.videoId, id: { gt: cursor } },
        orderBy: { id: "asc" },
        take: limit,
        select: { id: true, kind: true, commentId: true },
      });
      return { ids: rows.map((r) => r.id), messages: rows.length ? await opts.render(rows as ReviewEventRow[]) : [] };
    },
    signal: opts.signal,
    lifeMs: opts.lifeMs,
    stillAdmitted: opts.stillAdmitted,
    admitEveryMs: opts.admitEveryMs,
  });
}
