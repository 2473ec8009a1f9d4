// Back-off after repeated failures at a secret, kept in Postgres (SecretBackoff) so every app
// instance shares it. Per key: the first `free` failures cost nothing; from then on each attempt
// must wait `base × 2^(failures − free)`, capped, after the last failure (with the defaults: 1 s,
// 2 s, 4 s … after the 5th, 6th, 7th failure). While an attempt on a backed-off key is being
// verified the key stays closed (admission is one conditional UPDATE), so a burst of concurrent
// attempts gets one through, not all. A success deletes the key; a key with no failure for a day
// starts afresh (and is deleted by the next cleanup).
import "@/lib/server-only";
import { db } from "@/lib/db";

export type BackoffPolicy = { free: number; baseMs: number; capMs: number };

export const FAILURE_MEMORY_MS = 24 * 3600_000;

/** How long the next attempt waits after `failures` failures. */
export function backoffDelayMs(failures: number, p: BackoffPolicy): number {
  if (failures < p.free) return 0;
  return Math.min(p.capMs, p.baseMs * 2 ** Math.min(30, failures - p.free));
}

/**
 * Admits one attempt on the key, or says how many seconds it must wait. An admitted attempt on a
 * backed-off key holds the key closed for its delay until recordFailure / recordSuccess.
 */
export async function admit(key: string, p: BackoffPolicy, now = Date.now()): Promise<{ admitted: true } | { admitted: false; retryAfterSec: number }> {
  const at = new Date(now);
  const since = new Date(now - FAILURE_MEMORY_MS);
  const claimed = await db.$queryRaw<{ failures: number }[]>`
    UPDATE "SecretBackoff"
    SET "blockedUntil" = ${at}::timestamp(3) + LEAST(${p.capMs}::float8, ${p.baseMs}::float8 * power(2, LEAST(30, "failures" - ${p.free}))) * interval '1 millisecond'
    WHERE "key" = ${key} AND "failures" >= ${p.free} AND "lastFailureAt" >= ${since}::timestamp(3)
      AND ("blockedUntil" IS NULL OR "blockedUntil" <= ${at}::timestamp(3))
    RETURNING "failures"`;
  if (claimed.length > 0) return { admitted: true };
  const rows = await db.$queryRaw<{ failures: number; blockedUntil: Date | null; lastFailureAt: Date }[]>`
    SELECT "failures", "blockedUntil", "lastFailureAt" FROM "SecretBackoff" WHERE "key" = ${key}`;
  const row = rows[0];
  if (!row || row.failures < p.free || row.lastFailureAt.getTime() < since.getTime() || !row.blockedUntil) return { admitted: true };
  const wait = row.blockedUntil.getTime() - now;
  // Between the UPDATE and this read another attempt may have released the key: try again later.
  return { admitted: false, retryAfterSec: Math.max(1, Math.ceil(wait / 1000)) };
}

/** Counts a failure: the key's next attempt waits per the policy. */
export async function recordFailure(key: string, p: BackoffPolicy, now = Date.now()): Promise<void> {
  const at = new Date(now);
  const since = new Date(now - FAILURE_MEMORY_MS);
  await db.$executeRaw`
    INSERT INTO "SecretBackoff" ("key", "failures", "blockedUntil", "lastFailureAt")
    VALUES (${key}, 1, ${backoffDelayMs(1, p) > 0 ? new Date(now + backoffDelayMs(1, p)) : null}::timestamp(3), ${at}::timestamp(3))
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "SecretBackoff"."lastFailureAt" < ${since}::timestamp(3) THEN 1 ELSE "SecretBackoff"."failures" + 1 END,
      "blockedUntil" = CASE
        WHEN "SecretBackoff"."lastFailureAt" < ${since}::timestamp(3) OR "SecretBackoff"."failures" + 1 < ${p.free} THEN NULL
        ELSE ${at}::timestamp(3) + LEAST(${p.capMs}::float8, ${p.baseMs}::float8 * power(2, LEAST(30, "SecretBackoff"."failures" + 1 - ${p.free}))) * interval '1 millisecond'
      END,
      "lastFailureAt" = ${at}::timestamp(3)`;
  await cleanup(now);
}

/** A success: the keys start afresh. */
export async function clearKeys(keys: string[]): Promise<void> {
  if (keys.length) await db.secretBackoff.deleteMany({ where: { key: { in: keys } } });
}

let lastCleanup = 0;

/** Deletes keys with no failure for a day, at most once a minute per process. */
async function cleanup(now: number): Promise<void> {
  if (now - lastCleanup < 60_000) return;
  lastCleanup = now;
  await db.secretBackoff.deleteMany({ where: { lastFailureAt: { lt: new Date(now - FAILURE_MEMORY_MS) } } });
}
