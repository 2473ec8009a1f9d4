// The job queue: pg-boss in the same PostgreSQL. The web app and the services only send jobs
// (`enqueue`); workers (lib/worker, `npm run worker`, started beside the app by `npm run dev`) run
// them, as many as you like. What each job is lives in ./kinds.ts; this module imports no service.
import "@/lib/server-only";
import PgBoss from "pg-boss";
import { z } from "zod";
import { env } from "@/lib/env";
import { currentRequestId, log } from "@/lib/log";
import { JOB_KINDS, type JobKind } from "@/lib/jobs/kinds";

const g = globalThis as unknown as { boss?: Promise<PgBoss> };

/**
 * Creates a kind's queue (kept when it exists). Two processes starting at once on a new database (the
 * app and a worker) can deadlock in pg-boss's createQueue; PostgreSQL then fails one of them, which
 * tries again (the other has created it meanwhile).
 */
export async function createQueue(boss: PgBoss, kind: JobKind, tries = 5): Promise<void> {
  try {
    await boss.createQueue(kind.name(), { name: kind.name(), ...kind.options.queue });
  } catch (e) {
    if ((e as { code?: string }).code !== "40P01" || tries <= 1) throw e;
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    await createQueue(boss, kind, tries - 1);
  }
}

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
    for (const kind of JOB_KINDS) await createQueue(boss, kind);
    return boss;
  })();
  // A start that failed (the database was down) is not kept: the next call tries again.
  g.boss.catch(() => {
    g.boss = undefined;
  });
  return g.boss;
}

/** A payload its job's schema refuses: a bug in the sender, never queued (and never run). */
export class MalformedJobError extends Error {
  constructor(
    readonly job: string,
    readonly issues: z.ZodError["issues"],
  ) {
    super(`malformed payload for job ${job}: ${issues.map((i) => `${i.path.join(".") || "(payload)"} ${i.message}`).join("; ")}`);
    this.name = "MalformedJobError";
  }
}

/** The payload of a job as its kind declares it (unknown fields dropped), or a MalformedJobError. */
export function parsePayload<S extends z.ZodObject>(kind: JobKind<S>, data: unknown): z.infer<S> {
  const parsed = kind.payload.safeParse(data ?? {});
  if (!parsed.success) throw new MalformedJobError(kind.name(), parsed.error.issues);
  return parsed.data;
}

/**
 * Sends a job: its payload parsed with its kind's schema (a malformed one throws MalformedJobError
 * and nothing is queued), the request that queued it added (`requestId`, so the job's log lines
 * join up with it), sent with its kind's options (a singleton already queued is dropped: null).
 */
export async function enqueue<S extends z.ZodObject>(kind: JobKind<S>, payload: z.input<S>): Promise<string | null> {
  const data = parsePayload(kind, payload);
  return (await queue()).send(kind.name(), { ...data, requestId: currentRequestId() }, kind.options.send?.(data) ?? {});
}

/** Sends many jobs of one kind in one statement (pg-boss `insert`), each as `enqueue` would; a singleton already queued is dropped. */
export async function enqueueMany<S extends z.ZodObject>(kind: JobKind<S>, payloads: readonly z.input<S>[]): Promise<void> {
  if (payloads.length === 0) return;
  const requestId = currentRequestId();
  const jobs = payloads.map((payload) => {
    const data = parsePayload(kind, payload);
    const { startAfter, singletonKey, expireInSeconds, priority } = kind.options.send?.(data) ?? {};
    // `send` takes a delay in seconds as a number; `insert` an interval's text ('30' is 30 s).
    return { name: kind.name(), data: { ...data, requestId }, startAfter: typeof startAfter === "number" ? String(startAfter) : startAfter, singletonKey, expireInSeconds, priority };
  });
  await (await queue()).insert(jobs);
}

/**
 * Jobs of a kind queued and due (their start time, or retry delay, passed) or running now: started
 * within `runningForSeconds` (a job whose worker died stays active until it expires, hours later).
 */
export async function pendingNow(kind: JobKind, { runningForSeconds = 600 } = {}): Promise<number> {
  const boss = await queue();
  // runningForSeconds 0: queued and due only.
  const { rows } = await boss.getDb().executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1
         AND ((state = 'active' AND $2::float8 > 0 AND started_on > now() - make_interval(secs => $2::float8)) OR (state < 'active' AND start_after <= now()))`,
    [kind.name(), runningForSeconds],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function stopQueue(): Promise<void> {
  if (g.boss) await (await g.boss).stop({ graceful: true, wait: true, timeout: 30_000 });
  g.boss = undefined;
}
