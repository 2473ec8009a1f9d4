// Live review: every change to a film's review (a comment written, changed,
// resolved or deleted; a decision) is a ReviewEvent row written in the change's own transaction,
// and a NOTIFY on REVIEW_CHANNEL naming the film, delivered to every app instance when it commits.
//
// - Order: the row is written under the film's advisory lock, held to the commit, so a film's
//   event ids rise in the order its changes committed. A reader that has every event up to id N has
//   missed none below it: "from N on" is a complete answer (what Last-Event-ID resumes from).
// - Wake-ups, not data: an instance's one listening connection (`reviewBus()`) wakes the streams
//   of the film named; each stream then reads the table from its own last id. A notification lost
//   (the listener reconnecting, an instance started late) loses nothing: the listener wakes every
//   stream once it listens again, and every stream reads the table on its heartbeat too.
// - A stream (`reviewStream`) is server-sent events: `id:` the event's id, `event: review` and the
//   caller's rendering of the rows (the comment as that reader sees it); `event: reset` when the
//   reader's cursor is older than what is kept (REVIEW_EVENT_DAYS): it reads the list again. A
//   stream ends after STREAM_LIFE_MS (the browser reconnects with Last-Event-ID, and the door's
//   gate is asked again); a reader holds at most STREAMS_PER_READER at once (429 beyond).
import "@/lib/server-only";
import { Client, type Notification } from "pg";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";

const REVIEW_CHANNEL = "vidfolio_review";
/** The advisory-lock class of a film's review events (the key is the film id's hash). */
const REVIEW_LOCK_CLASS = 40_003;
/** How long events are kept: a panel away longer reads its list again (`reset`). */
export const REVIEW_EVENT_DAYS = 7;
/** A stream's life: then the browser reconnects (the gate is asked again). */
const STREAM_LIFE_MS = 5 * 60_000;
/** A comment line every so often keeps proxies from closing an idle stream; the table is read then too. */
const HEARTBEAT_MS = 15_000;
/** The browser's wait before reconnecting (the stream's `retry:`). */
const RECONNECT_MS = 1_000;
/** Open streams per reader (a studio, a guest) on one instance. */
export const STREAMS_PER_READER = 8;
/** Events read (and sent) per pass. */
const PAGE = 200;

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
// The listener: one connection per instance

type Wake = () => void;

const RETRY_MS = [250, 500, 1000, 2000, 5000];

export class ReviewBus {
  private client: Client | null = null;
  private readonly subscribers = new Map<string, Set<Wake>>();
  private failures = 0;
  private started = false;
  private closed = false;
  /** Listening now (tests wait for it). */
  listening = false;

  constructor(private readonly connectionString: string) {}

  /** Calls `wake` whenever `videoId`'s review may have changed; returns the unsubscribe. */
  subscribe(videoId: string, wake: Wake): () => void {
    if (!this.started) {
      this.started = true;
      void this.connect();
    }
    const set = this.subscribers.get(videoId) ?? new Set<Wake>();
    set.add(wake);
    this.subscribers.set(videoId, set);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.subscribers.get(videoId) === set) this.subscribers.delete(videoId);
    };
  }

  /** Drops the listening connection as a network failure would (tests: it reconnects and wakes every stream). */
  drop(): void {
    if (this.client) this.lost(this.client, new Error("dropped"));
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    this.listening = false;
    if (c) await c.end().catch(() => {});
  }

  private wake(videoId: string) {
    for (const w of this.subscribers.get(videoId) ?? []) w();
  }

  private wakeAll() {
    for (const set of this.subscribers.values()) for (const w of set) w();
  }

  private lost(client: Client, error?: Error) {
    if (this.client !== client) return;
    this.client = null;
    if (this.listening) log().warn({ reason: error?.message }, "review listener lost; reconnecting");
    this.listening = false;
    client.end().catch(() => {});
    if (this.closed) return;
    const delay = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
    this.failures += 1;
    setTimeout(() => void this.connect(), delay).unref();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.connectionString, connectionTimeoutMillis: 10_000, keepAlive: true, application_name: "vidfolio-review-listener" });
    this.client = client;
    client.on("error", (e) => this.lost(client, e));
    client.on("end", () => this.lost(client));
    client.on("notification", (msg: Notification) => {
      if (msg.channel === REVIEW_CHANNEL && msg.payload) this.wake(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REVIEW_CHANNEL}`);
      if (this.client !== client) return;
      this.listening = true;
      this.failures = 0;
      // Listening first, then every stream reads: nothing committed while not listening is missed.
      this.wakeAll();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }
}

const globalBus = globalThis as unknown as { vidfolioReviewBus?: ReviewBus };

/** Stops this instance's listener, if one was made (a test file's end). */
export async function closeReviewBus(): Promise<void> {
  const bus = globalBus.vidfolioReviewBus;
  globalBus.vidfolioReviewBus = undefined;
  await bus?.close();
}

/** This instance's listener (started by the first stream). */
export function reviewBus(): ReviewBus {
  globalBus.vidfolioReviewBus ??= new ReviewBus(env().DATABASE_URL);
  return globalBus.vidfolioReviewBus;
}

// ---------------------------------------------------------------------------------------------
// A stream

/** One message of a stream: an event rendered for its reader, or null to send nothing for it (the cursor still moves). */
type Rendered = { id: bigint; data: unknown } | null;
export type Render = (rows: ReviewEventRow[]) => Promise<Rendered[]>;

const open = new Map<string, number>();

/** Counts a reader's open stream; 429 beyond STREAMS_PER_READER. Returns the release. */
function claimSlot(reader: string): () => void {
  const n = open.get(reader) ?? 0;
  if (n >= STREAMS_PER_READER) throw new AppError("RATE_LIMITED", TEXTS.review.tooManyStreams);
  open.set(reader, n + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (open.get(reader) ?? 1) - 1;
    if (left <= 0) open.delete(reader);
    else open.set(reader, left);
  };
}

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
  /**
   * Asked every `admitEveryMs` (default ADMIT_EVERY_MS) while the stream is open: a guest's stream
   * asks the gallery gate again, and ends when it throws (a revoked link, a gallery
   * switched to invited guests, locked, expired…), so an open stream outlives none of them by more
   * than that.
   */
  stillAdmitted?: () => Promise<unknown>;
  admitEveryMs?: number;
};

/** How often an open guest's stream asks the gate again: a revoke closes it within this (and a query's time). */
const ADMIT_EVERY_MS = 3000;

/**
 * A film's review as server-sent events from `after` on. Throws (before any byte) a 429 when the
 * reader holds too many streams. The stream closes at `lifeMs`, when the request is aborted, when
 * the reader cancels it, or when `stillAdmitted` throws.
 */
export async function reviewStream(opts: StreamOptions): Promise<ReadableStream<Uint8Array>> {
  const release = claimSlot(opts.reader);
  const bus = opts.bus ?? reviewBus();
  const encoder = new TextEncoder();
  let cursor = opts.after;
  const fresh = await resumable(opts.videoId, cursor).catch((e: unknown) => {
    release();
    throw e;
  });
  if (!fresh) cursor = BigInt(await reviewCursor(opts.videoId));

  let done = false;
  let running = false;
  let again = false;
  let stop = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!done) controller.enqueue(encoder.encode(text));
      };
      // Reads from the cursor until nothing is left; a wake while reading reads again after.
      const pump = async () => {
        if (done) return;
        if (running) {
          again = true;
          return;
        }
        running = true;
        try {
          do {
            again = false;
            const rows = await db.reviewEvent.findMany({
              where: { videoId: opts.videoId, id: { gt: cursor } },
              orderBy: { id: "asc" },
              take: PAGE,
              select: { id: true, kind: true, commentId: true },
            });
            if (rows.length === 0 || done) continue;
            const rendered = await opts.render(rows as ReviewEventRow[]);
            for (const r of rendered) if (r) send(`id: ${r.id}\nevent: review\ndata: ${JSON.stringify(r.data)}\n\n`);
            cursor = rows[rows.length - 1].id;
            if (rows.length === PAGE) again = true;
          } while (again && !done);
        } catch (error) {
          // The database failed: this stream ends; the browser reconnects from its last event.
          log().warn({ err: error, videoId: opts.videoId }, "review stream read failed");
          stop();
        } finally {
          running = false;
        }
      };
      const unsubscribe = bus.subscribe(opts.videoId, () => void pump());
      const heartbeat = setInterval(() => {
        send(": keep-alive\n\n");
        void pump();
      }, HEARTBEAT_MS);
      const life = setTimeout(() => stop(), opts.lifeMs ?? STREAM_LIFE_MS);
      const admitted = opts.stillAdmitted;
      const recheck = admitted
        ? setInterval(() => {
            if (!done) admitted().catch(() => stop());
          }, opts.admitEveryMs ?? ADMIT_EVERY_MS)
        : undefined;
      const onAbort = () => stop();
      stop = () => {
        if (done) return;
        done = true;
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(life);
        clearInterval(recheck);
        opts.signal?.removeEventListener("abort", onAbort);
        release();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      opts.signal?.addEventListener("abort", onAbort);
      send(`retry: ${RECONNECT_MS}\n\n`);
      if (!fresh) send(`event: reset\nid: ${cursor}\ndata: {}\n\n`);
      void pump();
    },
    cancel() {
      stop();
    },
  });
}

/** The answer of a stream door. */
export function eventStreamResponse(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: Next's compression would hold the events back to fill its buffers.
      "cache-control": "private, no-store, no-transform",
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    },
  });
}

/** The reader's cursor: Last-Event-ID (a reconnect) over `after` (the list's cursor); a malformed one is a 400. */
export function streamCursor(lastEventId: string | null, after: number | undefined): bigint {
  const raw = lastEventId?.trim() || (after !== undefined ? String(after) : "0");
  if (!/^\d{1,18}$/.test(raw)) throw new AppError("VALIDATION", TEXTS.review.badCursor);
  return BigInt(raw);
}
