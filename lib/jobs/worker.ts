// The worker: runs queued jobs. Many workers may share one database; pg-boss hands each job to one.
import "server-only";
import {
  chunkQueue,
  DIGEST_QUEUE,
  DOMAIN_CHECK_QUEUE,
  EXPORT_EXPIRE_QUEUE,
  exportQueue,
  importQueue,
  GUEST_REMINDER_QUEUE,
  PLAN_LAPSE_QUEUE,
  queue,
  stopQueue,
  STORAGE_SWEEP_QUEUE,
  UPLOAD_CLEANUP_QUEUE,
  videoQueue,
  type ChunkJob,
  type ExportJob,
  type ImportJob,
  type VideoJob,
} from "@/lib/jobs/queue";
import { failChunkedLadder, processChunk } from "@/lib/services/video-chunks";
import { sweepOrphanedObjects } from "@/lib/services/storage-sweep";
import { recheckDomains } from "@/lib/services/domains";
import { sendDigests } from "@/lib/services/digest";
import { sendDueReminders } from "@/lib/services/reminders";
import { runPlanLapses } from "@/lib/services/plan-lapse";
import { failVideo, processVideo, videosAwaitingProcessing } from "@/lib/services/videos";
import { expireStaleUploads } from "@/lib/services/upload-videos";
import { expireExports, failExport, runExport } from "@/lib/services/studio-export";
import { expireImportUploads, failImport, runImport } from "@/lib/services/import-uploads";
import { log, withLogContext } from "@/lib/log";
import { env } from "@/lib/env";

/** How often an idle worker asks for a queued video or chunk (pg-boss's shortest): a film waits at most this long to be picked up. */
const POLL_SECONDS = 0.5;

export async function startWorker({ concurrency = env().WORKER_CONCURRENCY } = {}) {
  const boss = await queue({ worker: true });
  // One subscription per concurrent job (pg-boss 10 runs each subscription's batch in turn).
  for (let i = 0; i < Math.max(1, concurrency); i++) {
    await boss.work<VideoJob>(videoQueue(), { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true }, ([job]) =>
      // Each job's lines carry its id and the id of the request that queued it.
      withLogContext({ jobId: job.id, queue: videoQueue(), requestId: job.data.requestId }, async () => {
        const started = performance.now();
        try {
          const result = await processVideo(job.data.videoId, { thumbnailOnly: job.data.thumbnailOnly });
          log().info({ videoId: job.data.videoId, result, attempt: job.retryCount + 1, ms: Math.round(performance.now() - started) }, "job done");
        } catch (e) {
          const final = job.retryCount >= job.retryLimit;
          if (final) await failVideo(job.data.videoId);
          log().error({ err: e, videoId: job.data.videoId, attempt: job.retryCount + 1, final }, final ? "job failed" : "job failed; it will be retried");
          throw e;
        }
      }),
    );
  }
  // Chunks of long films' ladders: any worker takes any chunk (lib/services/video-chunks.ts).
  for (let i = 0; i < Math.max(1, concurrency); i++) {
    await boss.work<ChunkJob>(chunkQueue(), { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true }, ([job]) =>
      withLogContext({ jobId: job.id, queue: chunkQueue(), requestId: job.data.requestId }, async () => {
        const started = performance.now();
        try {
          const result = await processChunk(job.data);
          log().info({ videoId: job.data.videoId, chunk: job.data.index, result, attempt: job.retryCount + 1, ms: Math.round(performance.now() - started) }, "chunk done");
        } catch (e) {
          const final = job.retryCount >= job.retryLimit;
          if (final) await failChunkedLadder(job.data);
          log().error({ err: e, videoId: job.data.videoId, chunk: job.data.index, attempt: job.retryCount + 1, final }, final ? "chunk failed" : "chunk failed; it will be retried");
          throw e;
        }
      }),
    );
  }
  // Studio exports: one at a time per worker (each streams a whole library through the store).
  await boss.work<ExportJob>(exportQueue(), { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, ([job]) =>
    withLogContext({ jobId: job.id, queue: exportQueue(), requestId: job.data.requestId }, async () => {
      try {
        log().info({ exportId: job.data.exportId, result: await runExport(job.data.exportId), attempt: job.retryCount + 1 }, "job done");
      } catch (e) {
        const final = job.retryCount >= job.retryLimit;
        await failExport(job.data.exportId, e, final);
        log().error({ err: e, exportId: job.data.exportId, attempt: job.retryCount + 1, final }, final ? "export failed" : "export failed; it will be retried");
        throw e;
      }
    }),
  );
  // Imports of exports uploaded from the account page, likewise one at a time.
  await boss.work<ImportJob>(importQueue(), { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, ([job]) =>
    withLogContext({ jobId: job.id, queue: importQueue(), requestId: job.data.requestId }, async () => {
      try {
        log().info({ importId: job.data.importId, result: await runImport(job.data.importId), attempt: job.retryCount + 1 }, "job done");
      } catch (e) {
        const final = job.retryCount >= job.retryLimit;
        await failImport(job.data.importId, e, final);
        throw e;
      }
    }),
  );
  // The scheduled jobs: each runs on one worker at a time and logs what it did.
  const every = async (name: string, cron: string, run: () => Promise<Record<string, number>>) => {
    await boss.schedule(name, cron);
    await boss.work(name, ([job]) => withLogContext({ jobId: job?.id, queue: name }, async () => log().info(await run(), "job done")));
  };
  await every(UPLOAD_CLEANUP_QUEUE, "17 * * * *", async () => ({ expired: await expireStaleUploads() }));
  await every(STORAGE_SWEEP_QUEUE, "47 * * * *", () => sweepOrphanedObjects());
  await every(DOMAIN_CHECK_QUEUE, "*/10 * * * *", () => recheckDomains());
  // The daily digests: hourly, so the first run after midnight UTC sends them and a later one catches up.
  await every(DIGEST_QUEUE, "7 * * * *", () => sendDigests());
  await every(EXPORT_EXPIRE_QUEUE, "27 * * * *", async () => ({ ...(await expireExports()), ...(await expireImportUploads()) }));
  await every(GUEST_REMINDER_QUEUE, "*/15 * * * *", () => sendDueReminders(new Date()));
  // A lapsed plan's reminder mail, and its galleries re-rendered with the footer once its grace ends.
  await every(PLAN_LAPSE_QUEUE, "*/15 * * * *", () => runPlanLapses(new Date()));
  // Videos left unqueued (uploaded while the queue was down) are picked up at start.
  const sweep = env().WORKER_SWEEP;
  const waiting = sweep ? await videosAwaitingProcessing() : [];
  for (const videoId of waiting) await boss.send(videoQueue(), { videoId }, { singletonKey: videoId });
  log().info({ concurrency, waiting: waiting.length }, "worker running");
  return { stop: stopQueue };
}
