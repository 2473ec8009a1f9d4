// Live streams over PostgreSQL's LISTEN/NOTIFY: the machinery both the live review
// (lib/services/review/review-events.ts) and the studio's activity feed (./activity/) stand on.
//
// - Wake-ups, not data: a writer NOTIFYs a channel naming a topic (a film, a studio) in the
//   transaction of its change, so it is delivered when that commits. An instance's one listening
//   connection per channel (`NotifyBus`) wakes the streams of the topic named; each stream then
//   reads its table from its own last id. A notification lost (the listener reconnecting, an
//   instance started late) loses nothing: the listener wakes every stream once it listens again,
//   and every stream reads its table on its heartbeat too.
// - A stream (`liveStream`) is server-sent events: `id:` the row's id, the caller's event name and
//   its rendering of the rows; `event: reset` when the reader's cursor can no longer be resumed.
//   A stream ends after `lifeMs` (the browser reconnects with Last-Event-ID, and the door's gate is
//   asked again); a reader holds at most STREAMS_PER_READER at once (429 beyond).
import "@/lib/server-only";
import { Client, type Notification } from "pg";
import { log } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";

/** A stream's life: then the browser reconnects (the gate is asked again). */
const STREAM_LIFE_MS = 5 * 60_000;
/** A comment line every so often keeps proxies from closing an idle stream; the table is read then too. */
const HEARTBEAT_MS = 15_000;
/** The browser's wait before reconnecting (the stream's `retry:`). */
const RECONNECT_MS = 1_000;
/** Open streams per reader (a studio, a guest) on one instance. */
export const STREAMS_PER_READER = 8;

type Wake = () => void;

const RETRY_MS = [250, 500, 1000, 2000, 5000];

/** One instance's listening connection on one channel, waking the subscribers of the topic a notification names. */
export class NotifyBus {
  private client: Client | null = null;
  private readonly subscribers = new Map<string, Set<Wake>>();
  private failures = 0;
  private started = false;
  private closed = false;
  /** Listening now (tests wait for it). */
  listening = false;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
  ) {}

  /** Calls `wake` whenever `topic` may have changed; returns the unsubscribe. */
  subscribe(topic: string, wake: Wake): () => void {
    if (!this.started) {
      this.started = true;
      void this.connect();
    }
    const set = this.subscribers.get(topic) ?? new Set<Wake>();
    set.add(wake);
    this.subscribers.set(topic, set);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.subscribers.get(topic) === set) this.subscribers.delete(topic);
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

  private wake(topic: string) {
    for (const w of this.subscribers.get(topic) ?? []) w();
  }

  private wakeAll() {
    for (const set of this.subscribers.values()) for (const w of set) w();
  }

  private lost(client: Client, error?: Error) {
    if (this.client !== client) return;
    this.client = null;
    if (this.listening) log().warn({ reason: error?.message, channel: this.channel }, "listener lost; reconnecting");
    this.listening = false;
    client.end().catch(() => {});
    if (this.closed) return;
    const delay = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
    this.failures += 1;
    setTimeout(() => void this.connect(), delay).unref();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new Client({ connectionString: this.connectionString, connectionTimeoutMillis: 10_000, keepAlive: true, application_name: `vidfolio-${this.channel}` });
    this.client = client;
    client.on("error", (e) => this.lost(client, e));
    client.on("end", () => this.lost(client));
    client.on("notification", (msg: Notification) => {
      if (msg.channel === this.channel && msg.payload) this.wake(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
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

const open = new Map<string, number>();

/** Counts a reader's open stream; 429 beyond STREAMS_PER_READER. Returns the release. */
export function claimSlot(reader: string): () => void {
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

/** One message of a stream: a row rendered for its reader, or null to send nothing for it (the cursor still moves). */
export type LiveMessage = { id: bigint; data: unknown } | null;

export type LiveStreamOptions = {
  bus: NotifyBus;
  /** What the bus's notifications name for this stream (a film's id, a studio's id). */
  topic: string;
  /** The reader's slot, claimed by the caller (claimSlot); released when the stream ends. */
  release: () => void;
  /** The last id the reader has. */
  after: bigint;
  /** Whether to open with `event: reset` (the reader's cursor could not be resumed: `after` is the new one). */
  reset?: boolean;
  /** The SSE event name of a message. */
  event: string;
  /** Up to `limit` rows after `cursor`, oldest first, with their ids; and their messages. */
  read: (cursor: bigint, limit: number) => Promise<{ ids: bigint[]; messages: LiveMessage[] }>;
  signal?: AbortSignal;
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
/** Rows read (and sent) per pass. */
const PAGE = 200;

/**
 * A topic's rows as server-sent events from `after` on. The stream closes at `lifeMs`, when the
 * request is aborted, when the reader cancels it, or when `stillAdmitted` throws.
 */
export function liveStream(opts: LiveStreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = opts.after;
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
            const { ids, messages } = await opts.read(cursor, PAGE);
            if (ids.length === 0 || done) continue;
            for (const m of messages) if (m) send(`id: ${m.id}\nevent: ${opts.event}\ndata: ${JSON.stringify(m.data)}\n\n`);
            cursor = ids[ids.length - 1];
            if (ids.length === PAGE) again = true;
          } while (again && !done);
        } catch (error) {
          // The database failed: this stream ends; the browser reconnects from its last event.
          log().warn({ err: error, topic: opts.topic }, "live stream read failed");
          stop();
        } finally {
          running = false;
        }
      };
      const unsubscribe = opts.bus.subscribe(opts.topic, () => void pump());
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
        opts.release();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      opts.signal?.addEventListener("abort", onAbort);
      send(`retry: ${RECONNECT_MS}\n\n`);
      if (opts.reset) send(`event: reset\nid: ${cursor}\ndata: {}\n\n`);
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
