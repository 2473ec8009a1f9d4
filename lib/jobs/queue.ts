// The job queue: pg-boss in the same PostgreSQL. The web app only sends jobs; workers
// (`npm run worker`, started beside the app by `npm run dev`) run them, as many as you like.
import "server-only";
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { currentRequestId, log } from "@/lib/log";

/** The video queue's name (another name keeps a separate environment's jobs apart). */
/** The video queue's name (VIDEO_QUEUE_NAME), read when used: never at module load (`next build` has no configuration). */
export const videoQueue = () => env().VIDEO_QUEUE_NAME;
/** One chunk of a long film's ladder (lib/services/video-chunks.ts), beside the video queue. */
export const chunkQueue = () => `${videoQueue()}-chunk`;
export const UPLOAD_CLEANUP_QUEUE = "uploads-expire";
/** Hourly: stored objects no row owns (lib/services/storage-sweep.ts). */
export const STORAGE_SWEEP_QUEUE = "storage-sweep";
/** Every 10 minutes: pending custom domains looked up again (lib/services/domains.ts). */
export const DOMAIN_CHECK_QUEUE = "domains-verify";
/** Hourly: the daily digest of what guests watched, sent once the UTC day has turned (lib/services/digest.ts). */
export const DIGEST_QUEUE = "engagement-digest";
/** Every 15 minutes: reminder mails to guests before their gallery expires (lib/services/reminders.ts). */
export const GUEST_REMINDER_QUEUE = "guest-reminders";
/** A studio's export (lib/services/studio-export.ts): one job per export, run by any worker of this environment. */
export const exportQueue = () => `${videoQueue()}-export`;
/** An export uploaded from the account page, imported (lib/services/import-uploads.ts). */
export const importQueue = () => `${videoQueue()}-import`;
/** Hourly: finished exports past their 7 days deleted from the store, import uploads left open a day aborted. */
export const EXPORT_EXPIRE_QUEUE = "exports-expire";
/** Every 15 minutes: a lapsed plan's grace (lib/services/plan-lapse.ts): its reminder mail, and its galleries re-rendered when it ends. */
export const PLAN_LAPSE_QUEUE = "plan-lapses";

/** `requestId`: the request that queued the job, so the job's log lines join up with it. */
export type VideoJob = { videoId: string; thumbnailOnly?: boolean; requestId?: string };
/** A chunk of the file `storageKey` of the video, to encode to `heights`; `published`: rungs the film has already. */
export type ExportJob = { exportId: string; requestId?: string };
export type ImportJob = { importId: string; requestId?: string };
export type ChunkJob = { videoId: string; storageKey: string; index: number; heights: number[]; published: { height: number; width: number; kbps: number }[]; requestId?: string };

const g = globalThis as unknown as { boss?: Promise<PgBoss> };

/** One pg-boss per process. `worker: true` also runs pg-boss's maintenance and schedules. */
export function queue({ worker = false } = {}): Promise<PgBoss> {
  g.boss ??= (async () => {
    const boss = new PgBoss({
      connectionString: env().DATABASE_URL,
      schema: "pgboss",
      supervise: worker,
      schedule: worker,
      max: worker ? 4 : 2,
      // How often expired jobs (their worker died) are noticed and retried.
      maintenanceIntervalSeconds: env().QUEUE_MAINTENANCE_SECONDS,
    });
    boss.on("error", (e) => log().error({ err: e }, "queue error"));
    await boss.start();
    // 'stately': at most one queued and one running job per video, so a video is never processed
    // twice at once; retried with exponential backoff; a job lost with its worker expires and retries.
    await boss.createQueue(videoQueue(), { name: videoQueue(), policy: "stately", retryLimit: 4, retryDelay: 10, retryBackoff: true, expireInSeconds: 2 * 60 * 60 });
    await boss.createQueue(chunkQueue(), { name: chunkQueue(), policy: "stately", retryLimit: 4, retryDelay: 5, retryBackoff: true, expireInSeconds: 2 * 60 * 60 });
    await boss.createQueue(UPLOAD_CLEANUP_QUEUE, { name: UPLOAD_CLEANUP_QUEUE, policy: "stately" });
    await boss.createQueue(STORAGE_SWEEP_QUEUE, { name: STORAGE_SWEEP_QUEUE, policy: "stately" });
    await boss.createQueue(DOMAIN_CHECK_QUEUE, { name: DOMAIN_CHECK_QUEUE, policy: "stately" });
    await boss.createQueue(DIGEST_QUEUE, { name: DIGEST_QUEUE, policy: "stately" });
    await boss.createQueue(GUEST_REMINDER_QUEUE, { name: GUEST_REMINDER_QUEUE, policy: "stately" });
    // An export may pack a studio's whole library: hours, not minutes. A job lost with its worker
    // starts again from the beginning (a new multipart upload), at most twice.
    await boss.createQueue(exportQueue(), { name: exportQueue(), policy: "standard", retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 12 * 60 * 60 });
    await boss.createQueue(importQueue(), { name: importQueue(), policy: "standard", retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 12 * 60 * 60 });
    await boss.createQueue(EXPORT_EXPIRE_QUEUE, { name: EXPORT_EXPIRE_QUEUE, policy: "stately" });
    await boss.createQueue(PLAN_LAPSE_QUEUE, { name: PLAN_LAPSE_QUEUE, policy: "stately" });
    return boss;
  })();
  // A start that failed (the database was down) is not kept: the next call tries again.
  g.boss.catch(() => {
    g.boss = undefined;
  });
  return g.boss;
}

/** Queues a video for processing (a duplicate of a queued job is dropped). */
export async function enqueueVideo(job: VideoJob): Promise<void> {
  try {
    await (
      await queue()
    ).send(
      videoQueue(),
      { requestId: currentRequestId(), ...job },
      {
        singletonKey: job.videoId,
        // A job whose worker died is retried once it has been active this long.
        expireInSeconds: env().VIDEO_JOB_EXPIRE_SECONDS,
        retryDelay: env().VIDEO_JOB_RETRY_DELAY,
      },
    );
  } catch (e) {
    // The upload itself succeeded; a worker's start-up sweep picks up videos left unqueued.
    log().warn({ err: e, videoId: job.videoId }, "could not queue video; a worker's start-up sweep will pick it up");
  }
}

/** Queues the chunks of a film's ladder (one job per chunk; a chunk queued already is not queued twice). */
export async function enqueueChunks(jobs: ChunkJob[]): Promise<void> {
  const boss = await queue();
  for (const job of jobs) {
    await boss.send(
      chunkQueue(),
      { requestId: currentRequestId(), ...job },
      { singletonKey: `${job.videoId}:${job.index}`, expireInSeconds: env().VIDEO_JOB_EXPIRE_SECONDS, retryDelay: env().VIDEO_JOB_RETRY_DELAY },
    );
  }
}

/** Queues an export (one per row: the service lets a studio have one running at a time). */
export async function enqueueExport(exportId: string): Promise<void> {
  await (await queue()).send(exportQueue(), { requestId: currentRequestId(), exportId } satisfies ExportJob, { singletonKey: exportId });
}

/** Queues the import of an uploaded export. */
export async function enqueueImport(importId: string): Promise<void> {
  await (await queue()).send(importQueue(), { requestId: currentRequestId(), importId } satisfies ImportJob, { singletonKey: importId });
}

export async function stopQueue(): Promise<void> {
  if (g.boss) await (await g.boss).stop({ graceful: true, wait: true, timeout: 30_000 });
  g.boss = undefined;
}
