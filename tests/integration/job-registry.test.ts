// Jobs that describe themselves (issue 37 item 4): every kind of job (lib/jobs/kinds.ts) has one
// definition in the worker's registry (lib/worker/jobs.ts) with a schema, a handler and what
// happens after its last try; `enqueue` refuses a payload its schema refuses; the worker subscribes
// to exactly the registry's jobs, with their options; and a malformed job that reaches a worker
// (sent around `enqueue`) fails with a log line while the worker goes on with the next one.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { db } from "@/lib/db";
import { chunkJob, exportJob, JOB_KINDS, videoJob, webhookDeliveryJob } from "@/lib/jobs/kinds";
import { createQueue, enqueue, enqueueMany, MalformedJobError, queue, stopQueue } from "@/lib/jobs/queue";
import { JOBS } from "@/lib/worker/jobs";
import { startWorker } from "@/lib/worker/worker";
import { until } from "../helpers/until";
import { captureLogs } from "../helpers/captured-logs";

// Queues of this file's own (the video queue's name prefixes the export and import queues'), and
// no start-up sweep: the workers here touch no other test's jobs.
const saved = { VIDEO_QUEUE_NAME: process.env.VIDEO_QUEUE_NAME, WORKER_SWEEP: process.env.WORKER_SWEEP };
beforeAll(() => Object.assign(process.env, { VIDEO_QUEUE_NAME: `video-registry-${Date.now()}`, WORKER_SWEEP: "false" }));
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

const logs = captureLogs("info");
const lines = logs.lines;

it("declares every kind of job once, each with a payload schema, a handler and what happens after its last try", () => {
  const names = JOBS.map((j) => j.name());
  expect(new Set(names).size).toBe(names.length);
  expect([...names].sort()).toEqual(JOB_KINDS.map((k) => k.name()).sort());
  for (const job of JOBS) {
    expect({ name: job.name(), schema: job.payload instanceof z.ZodObject }).toEqual({ name: job.name(), schema: true });
    expect({ name: job.name(), handler: typeof job.handler, onFinalFailure: typeof job.onFinalFailure }).toEqual({ name: job.name(), handler: "function", onFinalFailure: "function" });
    expect(["worker", "number"]).toContain(job.options.concurrency === "worker" ? "worker" : typeof job.options.concurrency);
  }
});

it("has no import cycle: lib/jobs imports no service nor the worker, and no service imports the worker", () => {
  const importsOf = (dir: string) =>
    readdirSync(path.join(process.cwd(), dir), { recursive: true })
      .map(String)
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) => [...readFileSync(path.join(process.cwd(), dir, f), "utf8").matchAll(/(?:from |import\()"(@\/lib\/[^"]+)"/g)].map((m) => `${dir}/${f} → ${m[1]}`));
  expect(importsOf("lib/jobs").filter((i) => /→ @\/lib\/(services|worker)\//.test(i))).toEqual([]);
  expect(importsOf("lib/services").filter((i) => /→ @\/lib\/worker\//.test(i))).toEqual([]);
});

it("enqueue refuses a malformed payload and queues nothing", async () => {
  const videoId = randomUUID();
  await expect(enqueue(videoJob, { videoId, thumbnailOnly: "yes" } as never)).rejects.toBeInstanceOf(MalformedJobError);
  await expect(enqueue(videoJob, { videoId: 42 } as never)).rejects.toThrow(/malformed payload for job .*videoId/);
  await expect(enqueue(videoJob, { videoId: "not-an-id" })).rejects.toBeInstanceOf(MalformedJobError);
  await expect(enqueue(chunkJob, { videoId, storageKey: "k", index: -1, heights: [360], published: [] })).rejects.toBeInstanceOf(MalformedJobError);
  await expect(enqueue(exportJob, {} as never)).rejects.toBeInstanceOf(MalformedJobError);
  const rows = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'videoId' = ${videoId} OR name = ${exportJob.name()}`;
  expect(rows[0].n).toBe(0);
  // A well-formed one is queued (unknown fields dropped, the request's id added when there is one).
  const id = await enqueue(videoJob, { videoId, extra: "dropped" } as never);
  const [job] = await db.$queryRaw<{ data: Record<string, unknown> }[]>`SELECT data FROM pgboss.job WHERE id = ${id}::uuid`;
  expect(job.data).toEqual({ videoId });
});

it("the worker subscribes to exactly the registry's jobs, each with its kind's options, and schedules exactly the scheduled ones", async () => {
  await stopQueue();
  const boss = await queue({ worker: true });
  const work = jest.spyOn(boss, "work").mockResolvedValue("subscription" as never);
  const schedule = jest.spyOn(boss, "schedule").mockResolvedValue(undefined);
  try {
    await startWorker({ concurrency: 3 });
    const subscribed = work.mock.calls.map(([name, options]) => ({ name, options }));
    const expected = JOBS.flatMap((j) =>
      Array.from({ length: j.options.concurrency === "worker" ? 3 : j.options.concurrency }, () => ({
        name: j.name(),
        options: { batchSize: j.options.batchSize ?? 1, pollingIntervalSeconds: j.options.pollingIntervalSeconds, includeMetadata: true },
      })),
    );
    expect(subscribed).toEqual(expected);
    expect(schedule.mock.calls).toEqual(JOBS.filter((j) => j.options.cron).map((j) => [j.name(), j.options.cron]));
    // The film queues take one subscription per WORKER_CONCURRENCY; an export or import one at a time.
    expect(subscribed.filter((s) => s.name === videoJob.name())).toHaveLength(3);
    expect(subscribed.filter((s) => s.name === exportJob.name())).toHaveLength(1);
  } finally {
    work.mockRestore();
    schedule.mockRestore();
    await stopQueue();
  }
});

it("a malformed job that reaches a worker fails with a log line, its handler never called, and the worker takes the next job", async () => {
  const worker = await startWorker({ concurrency: 1 });
  try {
    const boss = await queue();
    logs.clear();
    // Sent around enqueue (an older release's job, a hand-written one): the worker parses it too.
    const bad = await boss.send(exportJob.name(), { exportId: 42 });
    const good = await boss.send(exportJob.name(), { exportId: randomUUID() });
    const states = await until(async () => {
      const rows = await db.$queryRaw<
        { id: string; state: string; output: { message?: string } | null }[]
      >`SELECT id::text, state::text, output FROM pgboss.job WHERE id = ANY(${[bad, good]}::uuid[])`;
      const by = Object.fromEntries(rows.map((r) => [r.id, r]));
      return by[good!]?.state === "completed" && by[bad!]?.state !== "active" && by[bad!]?.state !== "created" && by;
    }, 30_000);
    expect(["retry", "failed"]).toContain(states[bad!].state);
    expect(states[bad!].output?.message).toMatch(/malformed payload for job .*exportId/);
    const failed = lines().filter((l) => l.jobId === bad);
    expect(failed).toEqual([expect.objectContaining({ level: "error", msg: "job failed: its payload is malformed", queue: exportJob.name(), attempt: 1 })]);
    // The next job ran through its handler (runExport: no such export, skipped) and was logged the one way every job is.
    expect(lines().filter((l) => l.jobId === good)).toEqual([expect.objectContaining({ level: "info", msg: "job done", queue: exportJob.name(), result: "skipped", attempt: 1 })]);
  } finally {
    await worker.stop();
  }
}, 60_000);

it("enqueueMany sends many jobs in one statement, each as enqueue would (parsed, its send options kept); a malformed one queues none", async () => {
  const ids = [randomUUID(), randomUUID()];
  const at = new Date(Date.now() + 3_600_000);
  await expect(enqueueMany(webhookDeliveryJob, [{ deliveryId: ids[0] }, { deliveryId: "nope" }])).rejects.toBeInstanceOf(MalformedJobError);
  const none = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'deliveryId' = ANY(${ids})`;
  expect(none[0].n).toBe(0);
  await enqueueMany(webhookDeliveryJob, [{ deliveryId: ids[0] }, { deliveryId: ids[1], at: at.toISOString(), extra: 1 } as never]);
  const rows = await db.$queryRaw<{ data: Record<string, unknown>; later: boolean }[]>`
    SELECT data, start_after > now() + interval '59 minutes' AS later FROM pgboss.job WHERE data->>'deliveryId' = ANY(${ids}) ORDER BY start_after`;
  expect(rows).toEqual([
    { data: { deliveryId: ids[0] }, later: false },
    { data: { deliveryId: ids[1], at: at.toISOString() }, later: true },
  ]);
  await db.$executeRaw`DELETE FROM pgboss.job WHERE data->>'deliveryId' = ANY(${ids})`;
});

it("a kind taken in batches (webhook deliveries) runs the batch at once; a job of it that fails fails alone and the others complete", async () => {
  const boss = await queue();
  // Queued before the worker starts, so its first fetch takes them together.
  const good = [randomUUID(), randomUUID()];
  await boss.insert([
    { name: webhookDeliveryJob.name(), data: { deliveryId: good[0] } },
    { name: webhookDeliveryJob.name(), data: { deliveryId: 42 } },
    { name: webhookDeliveryJob.name(), data: { deliveryId: good[1] } },
  ]);
  const worker = await startWorker({ concurrency: 1 });
  try {
    const rows = await until(async () => {
      const r = await db.$queryRaw<{ key: string; state: string }[]>`
        SELECT coalesce(data->>'deliveryId', 'bad') AS key, state::text FROM pgboss.job
        WHERE name = ${webhookDeliveryJob.name()} AND (data->>'deliveryId' = ANY(${good}) OR data->'deliveryId' = '42'::jsonb)`;
      return r.length === 3 && r.every((x) => x.state !== "created" && x.state !== "active") && r;
    }, 30_000);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.state]))).toEqual({ [good[0]]: "completed", [good[1]]: "completed", [42]: "failed" });
    // Each ran through its handler (no such delivery: skipped), logged the one way every job is.
    for (const id of good) expect(lines().filter((l) => l.deliveryId === id && l.msg === "job done")).toEqual([expect.objectContaining({ result: "skipped" })]);
  } finally {
    await worker.stop();
  }
}, 60_000);

it("a queue start that deadlocks with another process's (both creating the queues of a new database) tries again", async () => {
  const boss = await queue();
  const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
  const create = jest.spyOn(boss, "createQueue").mockRejectedValueOnce(deadlock).mockRejectedValueOnce(deadlock);
  try {
    await createQueue(boss, webhookDeliveryJob);
    expect(create).toHaveBeenCalledTimes(3);
    expect(await boss.getQueue(webhookDeliveryJob.name())).toMatchObject({ name: webhookDeliveryJob.name(), policy: "standard" });
    // Any other error is not retried.
    create.mockRejectedValueOnce(new Error("permission denied"));
    await expect(createQueue(boss, webhookDeliveryJob)).rejects.toThrow("permission denied");
    expect(create).toHaveBeenCalledTimes(4);
  } finally {
    create.mockRestore();
  }
});
