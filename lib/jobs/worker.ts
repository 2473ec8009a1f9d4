// The worker: runs queued jobs. Many workers may share one database; pg-boss hands each job to one.
import "server-only";
import { db } from "@/lib/db";
import { queue, stopQueue, UPLOAD_CLEANUP_QUEUE, VIDEO_QUEUE, type VideoJob } from "@/lib/jobs/queue";
import { markProcessingFailed, processVideo } from "@/lib/media/process-video";
import { expireStaleUploads } from "@/lib/services/uploads";

export async function startWorker({ concurrency = Number(process.env.WORKER_CONCURRENCY || 1) } = {}) {
  const boss = await queue({ worker: true });
  // One subscription per concurrent job (pg-boss 10 runs each subscription's batch in turn).
  for (let i = 0; i < Math.max(1, concurrency); i++) {
    await boss.work<VideoJob>(VIDEO_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2, includeMetadata: true }, async ([job]) => {
      try {
        const result = await processVideo(job.data.videoId, { thumbnailOnly: job.data.thumbnailOnly });
        console.info(`[worker] video ${job.data.videoId}: ${result}`);
      } catch (e) {
        if (job.retryCount >= job.retryLimit) await markProcessingFailed(job.data.videoId, (e as Error).message);
        throw e;
      }
    });
  }
  await boss.schedule(UPLOAD_CLEANUP_QUEUE, "17 * * * *");
  await boss.work(UPLOAD_CLEANUP_QUEUE, async () => {
    const n = await expireStaleUploads();
    if (n) console.info(`[worker] expired ${n} abandoned upload(s)`);
  });
  // Videos left unqueued (uploaded while the queue was down) are picked up at start.
  const sweep = process.env.WORKER_SWEEP !== "false";
  const waiting = sweep ? await db.video.findMany({ where: { status: "PROCESSING" }, select: { id: true }, take: 1000 }) : [];
  for (const v of waiting) await boss.send(VIDEO_QUEUE, { videoId: v.id }, { singletonKey: v.id });
  console.info(`[worker] running (${concurrency} at a time); ${waiting.length} video(s) waiting`);
  return { stop: stopQueue };
}
