// Health and readiness (`GET /api/health`): is each part the app needs reachable right now? Cheap
// enough to poll every few seconds: one trivial query each, bounded by a short timeout; nothing but
// ok / failed and the time taken is said (no error text, no configuration).
import "@/lib/server-only";
import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { db } from "@/lib/db";
import { bucket, s3 } from "@/lib/storage/client";
import { queue as jobQueue } from "@/lib/jobs/queue";
import { videoJob } from "@/lib/jobs/kinds";
import { pageCacheHealth } from "@/server/page-cache-state.cjs";

type Check = { ok: boolean; ms: number };
/**
 * Whether saves reach this instance's cached gallery pages now (server/page-cache-state.cjs). Not
 * part of `status`: an instance whose listener is down or deaf serves no cached page at all (each
 * request renders), so it is slower, never stale; the field says so for the operator.
 */
type PageCacheHealth = ReturnType<typeof pageCacheHealth>;
export type Health = { status: "ok" | "unavailable"; checks: { database: Check; storage: Check; queue: Check }; pageCache: PageCacheHealth };

const TIMEOUT_MS = 2_000;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([probe(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS)))]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

export async function health(): Promise<Health> {
  const [database, storage, queue] = await Promise.all([
    timed(() => db.$queryRaw`SELECT 1`),
    timed(() => s3().send(new HeadBucketCommand({ Bucket: bucket() }), { abortSignal: AbortSignal.timeout(TIMEOUT_MS) })),
    // The job queue (pg-boss in the same PostgreSQL): started in this process, its video queue there.
    timed(async () => {
      const boss = await jobQueue();
      if (!(await boss.getQueue(videoJob.name()))) throw new Error("no video queue");
    }),
  ]);
  const ok = database.ok && storage.ok && queue.ok;
  return { status: ok ? "ok" : "unavailable", checks: { database, storage, queue }, pageCache: pageCacheHealth() };
}
