// What each background job is: its queue's name, its payload (a zod schema), and its options (the
// queue's policy, retries and expiry; each send's singleton key; how a worker takes it; its cron).
// A service sends a job with `enqueue(kind, payload)` (./queue.ts); what a worker does with it —
// its handler and what happens after its last try — is declared once per kind in the worker's
// registry (lib/worker/jobs.ts). This module imports no service, so every service may import it.
import "@/lib/server-only";
import type PgBoss from "pg-boss";
import { z } from "zod";
import { env } from "@/lib/env";
import { idSchema as id } from "@/lib/validation/common";

export type JobOptions<P> = {
  /** The queue (pg-boss `createQueue`): policy, retries, expiry. */
  queue: Omit<PgBoss.Queue, "name">;
  /** Each job sent: its singleton key, its own expiry and retry delay. */
  send?(payload: P): PgBoss.SendOptions;
  /** Subscriptions per worker: one per WORKER_CONCURRENCY, or a fixed count. */
  concurrency: "worker" | number;
  /** How often an idle subscription asks for a job (pg-boss's default is 2 s, its shortest 0.5 s). */
  pollingIntervalSeconds: number;
  /**
   * Jobs a subscription takes per fetch, run at once (default 1). pg-boss waits out the polling
   * interval after every fetch that took less, busy or not: one short job per fetch runs at most one
   * per interval per subscription. A kind of many short jobs (webhook deliveries) takes them in batches.
   */
  batchSize?: number;
  /** A scheduled job: its cron (UTC); every worker schedules it, pg-boss sends each run once. */
  cron?: string;
};

export type JobKind<S extends z.ZodObject = z.ZodObject> = {
  /** The queue's name, read when used: some come from the configuration, which `next build` has not. */
  name: () => string;
  /** The job's data (besides `requestId`, the request that queued it, which every job carries). */
  payload: S;
  options: JobOptions<z.infer<S>>;
  /** The fields of its payload that its log lines name (all of it unless said). */
  logged?(payload: z.infer<S>): Record<string, unknown>;
};

export type PayloadOf<K extends JobKind> = z.infer<K["payload"]>;

const jobKind = <S extends z.ZodObject>(kind: JobKind<S>): JobKind<S> => kind;

const NO_PAYLOAD = z.object({});
/** How often an idle worker asks for a queued video or chunk (pg-boss's shortest): a film waits at most this long to be picked up. */
const FILM_POLL_SECONDS = 0.5;
/** A job whose worker died is retried once it has been active this long (VIDEO_JOB_*). */
const filmSend = (singletonKey: string): PgBoss.SendOptions => ({ singletonKey, expireInSeconds: env().VIDEO_JOB_EXPIRE_SECONDS, retryDelay: env().VIDEO_JOB_RETRY_DELAY });
/** A scheduled job: at most one queued and one running; what it did is logged by the worker. */
const scheduled = (cron: string): JobOptions<object> => ({ queue: { policy: "stately" }, concurrency: 1, pollingIntervalSeconds: 2, cron });

/**
 * A queued film's turn among its studio's (how many of the studio's films were waiting already when
 * it was queued): the job's priority is minus its turn, so one studio's batch of 50 never holds back
 * another studio's single film, which is taken next (pg-boss takes the highest priority first, then
 * the oldest). A film of a studio with nothing else waiting has turn 0.
 */
const turn = z.number().int().min(0).max(1_000_000).optional();
const fairly = (p: { turn?: number }): PgBoss.SendOptions => ({ priority: -(p.turn ?? 0) });

/**
 * A video made playable (lib/services/films/video-processing.ts processVideo): its facts, thumbnail and
 * stream copy or first rung; the rest of its ladder is a ladder job. Another name (VIDEO_QUEUE_NAME)
 * keeps a separate environment's jobs apart.
 */
export const videoJob = jobKind({
  name: () => env().VIDEO_QUEUE_NAME,
  payload: z.object({ videoId: id, thumbnailOnly: z.boolean().optional(), turn }),
  options: {
    // 'stately': at most one queued and one running job per video, so a video is never processed
    // twice at once; retried with exponential backoff; a job lost with its worker expires and retries.
    queue: { policy: "stately", retryLimit: 4, retryDelay: 10, retryBackoff: true, expireInSeconds: 2 * 60 * 60 },
    send: (p) => ({ ...filmSend(p.videoId), ...fairly(p) }),
    concurrency: "worker",
    pollingIntervalSeconds: FILM_POLL_SECONDS,
  },
});

/** A published rung (lib/media/ladder.ts Rung); one queued before rungs had a name of their own is landscape: named by its height. */
const rung = z
  .object({ rung: z.number().int().positive().optional(), height: z.number().int().positive(), width: z.number(), kbps: z.number() })
  .transform((r) => ({ ...r, rung: r.rung ?? r.height }));

/**
 * The rest of a playable film's ladder (lib/services/films/video-ladder.ts): the rungs `heights` of the
 * file `storageKey`, with the sound when `encodeAudio`; `published`, the rungs it plays already. Its
 * own queue, so no film's ladder is encoded while another film waits to become playable (the ladder
 * waits for the video queue to empty: lib/services/films/video-ladder.ts playableFirst).
 */
export const ladderJob = jobKind({
  name: () => `${videoJob.name()}-ladder`,
  payload: z.object({ videoId: id, storageKey: z.string().min(1), heights: z.array(z.number().int().positive()).min(1), encodeAudio: z.boolean(), published: z.array(rung), turn }),
  options: {
    queue: { policy: "stately", retryLimit: 4, retryDelay: 10, retryBackoff: true, expireInSeconds: 2 * 60 * 60 },
    // One per file: a film replaced meanwhile has a new file, and its own ladder job.
    send: (p) => ({ ...filmSend(p.storageKey), ...fairly(p) }),
    concurrency: "worker",
    pollingIntervalSeconds: FILM_POLL_SECONDS,
  },
  logged: (p) => ({ videoId: p.videoId, heights: p.heights, turn: p.turn }),
});
export type LadderJob = PayloadOf<typeof ladderJob>;

/** One piece of a long film's ladder (lib/services/films/video-chunks.ts): any worker takes any piece. */
export const chunkJob = jobKind({
  name: () => `${videoJob.name()}-chunk`,
  /** The piece `index` of the file `storageKey`, to encode to `heights`; `published`: the rungs the film plays already. */
  payload: z.object({ videoId: id, storageKey: z.string().min(1), index: z.number().int().min(0), heights: z.array(z.number().int().positive()), published: z.array(rung), turn }),
  options: {
    queue: { policy: "stately", retryLimit: 4, retryDelay: 5, retryBackoff: true, expireInSeconds: 2 * 60 * 60 },
    send: (p) => ({ ...filmSend(`${p.videoId}:${p.index}`), ...fairly(p) }),
    concurrency: "worker",
    pollingIntervalSeconds: FILM_POLL_SECONDS,
  },
  logged: (p) => ({ videoId: p.videoId, chunk: p.index }),
});
export type ChunkJob = PayloadOf<typeof chunkJob>;

/**
 * A film's watermarked preview ladder (Paid delivery, lib/services/films/video-preview.ts makePreview),
 * for the guests of its unpaid gallery. Its own queue, one job per film ('stately': one queued and
 * one running; a new watermark queued meanwhile is made after); it waits, as ladders do, while any
 * film waits to become playable (playableFirst).
 */
export const previewJob = jobKind({
  name: () => `${videoJob.name()}-preview`,
  payload: z.object({ videoId: id }),
  options: {
    queue: { policy: "stately", retryLimit: 4, retryDelay: 10, retryBackoff: true, expireInSeconds: 2 * 60 * 60 },
    send: (p) => filmSend(p.videoId),
    concurrency: "worker",
    pollingIntervalSeconds: FILM_POLL_SECONDS,
  },
});

/**
 * A film version's automatic transcript (lib/services/films/transcripts.ts runTranscript): its sound
 * sent piece by piece to the operator's provider, written as an automatic caption track. One queued
 * per film version ('stately'); a failed attempt is retried with back-off (the SDK also retries each
 * request); a film of 4 hours takes up to 24 requests of minutes each.
 */
export const transcriptJob = jobKind({
  name: () => `${videoJob.name()}-transcript`,
  payload: z.object({ videoId: id, version: z.number().int().min(1) }),
  options: {
    queue: { policy: "stately", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 4 * 60 * 60 },
    send: (p) => ({ singletonKey: `${p.videoId}:${p.version}` }),
    concurrency: 1,
    pollingIntervalSeconds: 2,
  },
});

// An export may pack a studio's whole library: hours, not minutes. A job lost with its worker
// starts again from the beginning (a new multipart upload), at most twice. One at a time per
// worker: each streams a whole library through the store.
const studioDataQueue: JobOptions<object>["queue"] = { policy: "standard", retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 12 * 60 * 60 };

/** A studio's export (lib/services/data/studio-export.ts): one job per export, run by any worker of this environment. */
export const exportJob = jobKind({
  name: () => `${videoJob.name()}-export`,
  payload: z.object({ exportId: id }),
  options: { queue: studioDataQueue, send: (p) => ({ singletonKey: p.exportId }), concurrency: 1, pollingIntervalSeconds: 2 },
});

/** An export uploaded from the account page, imported (lib/services/data/import-uploads.ts); likewise one at a time. */
export const importJob = jobKind({
  name: () => `${videoJob.name()}-import`,
  payload: z.object({ importId: id }),
  options: { queue: studioDataQueue, send: (p) => ({ singletonKey: p.importId }), concurrency: 1, pollingIntervalSeconds: 2 },
});

/** Hourly: uploads left open a day expire, what the store kept of ended ones goes (lib/services/films/storage-sweep.ts). */
export const uploadCleanupJob = jobKind({ name: () => "uploads-expire", payload: NO_PAYLOAD, options: scheduled("17 * * * *") });
/** Hourly: stored objects no row owns (lib/services/films/storage-sweep.ts). */
export const storageSweepJob = jobKind({ name: () => "storage-sweep", payload: NO_PAYLOAD, options: scheduled("47 * * * *") });
/** Every 10 minutes: pending custom domains looked up again (lib/services/studio/domains.ts). */
export const domainCheckJob = jobKind({ name: () => "domains-verify", payload: NO_PAYLOAD, options: scheduled("*/10 * * * *") });
/** Hourly: the daily digest of what guests watched, sent once the UTC day has turned, so the first run after midnight sends them and a later one catches up (lib/services/guests/digest.ts). */
export const digestJob = jobKind({ name: () => "engagement-digest", payload: NO_PAYLOAD, options: scheduled("7 * * * *") });
/** Hourly: finished exports past their 7 days deleted from the store, import uploads left open a day aborted. */
export const exportExpireJob = jobKind({ name: () => "exports-expire", payload: NO_PAYLOAD, options: scheduled("27 * * * *") });
/** Every 15 minutes: reminder mails to guests before their gallery expires (lib/services/guests/reminders.ts). */
export const guestRemindersJob = jobKind({ name: () => "guest-reminders", payload: NO_PAYLOAD, options: scheduled("*/15 * * * *") });
/** Every 15 minutes: a lapsed plan's grace (lib/services/money/plan-lapse.ts): its reminder mail, and its galleries re-rendered when it ends. */
export const planLapseJob = jobKind({ name: () => "plan-lapses", payload: NO_PAYLOAD, options: scheduled("*/15 * * * *") });

/**
 * One attempt of a webhook delivery (lib/services/platform/webhooks/deliver.ts), then the next ones of its
 * object while they succeed. The service schedules its own retries (`at`: not before then; back-off
 * over 3 days, in order per object), so the queue retries nothing; a double dispatch queues two jobs
 * and the delivery's lease lets one of them send. Short jobs (a request of at most 10 s): taken 50 at
 * a time, so 4 subscriptions deliver hundreds a second.
 */
export const webhookDeliveryJob = jobKind({
  name: () => "webhook-deliver",
  payload: z.object({ deliveryId: id, at: z.iso.datetime().optional() }),
  options: {
    queue: { policy: "standard", retryLimit: 0, expireInSeconds: 120 },
    send: (p) => (p.at ? { startAfter: new Date(p.at) } : {}),
    concurrency: "worker",
    pollingIntervalSeconds: 0.5,
    batchSize: 50,
  },
});
/**
 * A failing endpoint probed (lib/services/platform/webhooks/deliver.ts probeEndpoint): one of its deliveries
 * tried ahead of its back-off, so an endpoint back up is noticed in seconds, not when its
 * deliveries' back-off ends (up to an hour). At most one queued per endpoint ('stately').
 */
export const webhookProbeJob = jobKind({
  name: () => "webhook-probe",
  payload: z.object({ endpointId: id, at: z.iso.datetime() }),
  options: {
    queue: { policy: "stately", retryLimit: 0, expireInSeconds: 120 },
    send: (p) => ({ singletonKey: p.endpointId, startAfter: new Date(p.at) }),
    concurrency: 1,
    pollingIntervalSeconds: 1,
    batchSize: 20,
  },
});
/** Every minute: webhook deliveries due but not queued (a dispatch lost, a worker gone mid-attempt, an endpoint enabled again). */
export const webhookSweepJob = jobKind({ name: () => "webhooks-due", payload: NO_PAYLOAD, options: scheduled("* * * * *") });

/**
 * A guest's scheduled delivery mail (lib/services/guests/invite-send.ts sendScheduledInvite), at its time.
 * One queued per invite and time ('stately', singleton key); the send claims itself in the database,
 * so a retry or a second job never mails twice, and a cancelled or revoked invite sends nothing.
 */
export const inviteSendJob = jobKind({
  name: () => "invite-send",
  payload: z.object({ inviteId: id, at: z.iso.datetime() }),
  options: {
    queue: { policy: "stately", retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 10 * 60 },
    send: (p) => ({ singletonKey: `${p.inviteId}:${p.at}`, startAfter: new Date(p.at) }),
    concurrency: 1,
    pollingIntervalSeconds: 2,
  },
});
/** Every minute: scheduled delivery mails due whose job was lost (queued while the queue was down). */
export const invitesDueJob = jobKind({ name: () => "invites-due", payload: NO_PAYLOAD, options: scheduled("* * * * *") });

/** Every minute: the studio review digests due (lib/services/review/review-mail.ts). */
export const reviewDigestJob = jobKind({ name: () => "review-digests", payload: NO_PAYLOAD, options: scheduled("* * * * *") });

/** Every kind: its queue is created when the queue starts, and the worker's registry declares the work of each. */
export const JOB_KINDS: readonly JobKind[] = [
  videoJob,
  ladderJob,
  chunkJob,
  previewJob,
  transcriptJob,
  exportJob,
  importJob,
  uploadCleanupJob,
  storageSweepJob,
  domainCheckJob,
  digestJob,
  exportExpireJob,
  guestRemindersJob,
  inviteSendJob,
  invitesDueJob,
  planLapseJob,
  reviewDigestJob,
  webhookDeliveryJob,
  webhookProbeJob,
  webhookSweepJob,
];
