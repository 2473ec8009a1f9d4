// The worker: runs queued jobs. Many workers may share one database; pg-boss hands each job to one.
// It subscribes to exactly the jobs of its registry (./jobs.ts), each with its kind's options, and
// runs every one the same way: payload parsed, one log line per run, the failure hooks.
import "@/lib/server-only";
import type PgBoss from "pg-boss";
import { enqueue, parsePayload, queue, stopQueue } from "@/lib/jobs/queue";
import { videoJob, type JobKind, type PayloadOf } from "@/lib/jobs/kinds";
import { JOBS, type JobDefinition } from "@/lib/worker/jobs";
import { videosAwaitingProcessing } from "@/lib/services/films";
import { log, withLogContext } from "@/lib/log";
import { env } from "@/lib/env";

/**
 * One run of a job. Its lines carry the job's id, its queue and the id of the request that queued
 * it. A payload its schema refuses fails the job (logged; the handler never sees it). Every run
 * logs `job done` or `job failed` (`…; it will be retried` unless it was the last attempt), then
 * the failed attempt's hook; a hook that throws is logged and the job's own error stands.
 */
function runJob(job: JobDefinition, run: PgBoss.JobWithMetadata<unknown>): Promise<void> {
  const data = run.data as { requestId?: unknown } | null;
  const requestId = typeof data?.requestId === "string" ? data.requestId : undefined;
  return withLogContext({ jobId: run.id, queue: job.name(), requestId }, async () => {
    const attempt = run.retryCount + 1;
    const final = run.retryCount >= run.retryLimit;
    let payload: PayloadOf<JobKind>;
    try {
      payload = parsePayload(job, run.data);
    } catch (e) {
      log().error({ err: e, attempt, final }, "job failed: its payload is malformed");
      throw e;
    }
    const fields = job.logged?.(payload) ?? payload;
    const started = performance.now();
    try {
      const result = await job.handler(payload);
      log().info({ ...fields, result, attempt, ms: Math.round(performance.now() - started) }, "job done");
    } catch (e) {
      log().error({ err: e, ...fields, attempt, final }, final ? "job failed" : "job failed; it will be retried");
      try {
        await (final ? job.onFinalFailure(payload, e) : job.onRetry?.(payload, e));
      } catch (hookError) {
        log().error({ err: hookError, ...fields, final }, final ? "the job's final failure could not be recorded" : "the job's retry could not be prepared");
      }
      throw e;
    }
  });
}

/**
 * A batch (a kind's `batchSize` > 1): its jobs run at once, each as `runJob` runs it; those that
 * failed are failed one by one (retried by their queue's policy) and pg-boss completes the others.
 */
async function runBatch(boss: PgBoss, job: JobDefinition, runs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(runs.map((run) => runJob(job, run)));
  const failed = runs.filter((_, i) => results[i].status === "rejected").map((run) => run.id);
  if (failed.length > 0) await boss.fail(job.name(), failed);
}

export async function startWorker({ concurrency = env().WORKER_CONCURRENCY } = {}) {
  const boss = await queue({ worker: true });
  for (const job of JOBS) {
    // A scheduled job: every worker schedules it, pg-boss sends each run once, one worker runs it.
    if (job.options.cron) await boss.schedule(job.name(), job.options.cron);
    // One subscription per concurrent job (pg-boss 10 runs each subscription's batch in turn).
    const subscriptions = job.options.concurrency === "worker" ? Math.max(1, concurrency) : job.options.concurrency;
    const batchSize = job.options.batchSize ?? 1;
    for (let i = 0; i < subscriptions; i++) {
      await boss.work<unknown>(job.name(), { batchSize, pollingIntervalSeconds: job.options.pollingIntervalSeconds, includeMetadata: true }, (runs) =>
        batchSize === 1 ? runJob(job, runs[0]) : runBatch(boss, job, runs),
      );
    }
  }
  // Videos left unqueued (uploaded while the queue was down) are picked up at start.
  const waiting = env().WORKER_SWEEP ? await videosAwaitingProcessing() : [];
  for (const videoId of waiting) await enqueue(videoJob, { videoId });
  log().info({ concurrency, waiting: waiting.length }, "worker running");
  return { stop: stopQueue };
}
