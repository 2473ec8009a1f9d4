// Attempt windows kept in Postgres (the flat part of lib/security/throttle.ts), so every app
// instance counts the same attempts. A sliding window over one-minute buckets: each attempt increments its bucket with one atomic upsert
// (INSERT … ON CONFLICT DO UPDATE … RETURNING count), and the attempt is refused when this bucket
// plus the previous one weighted by how much of it still lies inside the last minute exceed the
// limit. Refused attempts count too, so hammering keeps the door shut. The same table keeps hourly
// allowances of things done (`takeHourly`: delivery mails per guest and per studio), in hour windows.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { env } from "@/lib/env";

export const RATE_WINDOW_MS = 60_000;
/** Hourly allowances (`takeHourly`) are counted in hour windows under keys with this prefix. */
const HOUR_MS = 60 * RATE_WINDOW_MS;
const HOURLY = "hourly:";

/** Attempts allowed per key and minute (RATE_LIMIT_PER_MINUTE, default 10). */
function rateLimitPerMinute(): number {
  return env().RATE_LIMIT_PER_MINUTE;
}

export class RateLimitError extends AppError {
  constructor(
    public readonly retryAfterSec: number,
    message: string = TEXTS.tooManyAttempts,
  ) {
    super("RATE_LIMITED", message);
  }
}

type Hit = { allowed: boolean; count: number; retryAfterSec: number };

let lastCleanup = 0;

/** Records one attempt for the key and says whether it is within the limit (per `windowMs`, a minute by default). */
export async function hit(key: string, limit = rateLimitPerMinute(), now = Date.now(), windowMs = RATE_WINDOW_MS): Promise<Hit> {
  const start = Math.floor(now / windowMs) * windowMs;
  const rows = await db.$queryRaw<{ count: number; prev: number }[]>`
    WITH cur AS (
      INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${new Date(start)}, 1)
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimit"."count" + 1
      RETURNING "count"
    )
    SELECT cur."count"::int AS count,
           COALESCE((SELECT "count" FROM "RateLimit" WHERE "key" = ${key} AND "windowStart" = ${new Date(start - windowMs)}), 0)::int AS prev
    FROM cur`;
  const { count, prev } = rows[0];
  const elapsed = (now - start) / windowMs;
  const weighted = prev * (1 - elapsed) + count;
  await cleanup(now);
  if (weighted <= limit) return { allowed: true, count, retryAfterSec: 0 };
  // When this bucket becomes the previous one, its weight falls until one more attempt fits.
  const toWindowEnd = (1 - elapsed) * windowMs;
  const intoNext = count > limit - 1 ? (1 - (limit - 1) / count) * windowMs : 0;
  return { allowed: false, count, retryAfterSec: Math.max(1, Math.ceil((toWindowEnd + intoNext) / 1000)) };
}

/** Counts one attempt on each key; throws a 429 (with Retry-After) when any is over the limit (per minute). */
export async function enforceRateLimit(keys: string[], limit = rateLimitPerMinute()): Promise<void> {
  let retryAfter = 0;
  for (const key of keys) {
    const r = await hit(key, limit);
    if (!r.allowed) retryAfter = Math.max(retryAfter, r.retryAfterSec);
  }
  if (retryAfter > 0) throw new RateLimitError(retryAfter);
}

/** The bucket an hourly allowance's use at `now` is counted in. */
export const hourlyBucket = (key: string, now = Date.now()) => ({ key: `${HOURLY}${key}`, windowStart: new Date(Math.floor(now / HOUR_MS) * HOUR_MS) });

export type Allowance = { key: string; limit: number };

/**
 * Takes one use from each hourly allowance (a sliding hour, as the minute windows), all or none:
 * when one is used up, the uses taken are given back and the refusal names it, with the seconds
 * until one more fits. Unlike the secret doors' windows, a refusal does not count: these limit what
 * is done (mails sent), not attempts.
 */
export async function takeHourly(allowances: Allowance[], now = Date.now()): Promise<{ ok: true } | { ok: false; refused: Allowance; retryAfterSec: number }> {
  const taken: string[] = [];
  for (const a of allowances) {
    const { key, windowStart } = hourlyBucket(a.key, now);
    const r = await hit(key, a.limit, now, HOUR_MS);
    taken.push(key);
    if (!r.allowed) {
      for (const k of taken) await db.$executeRaw`UPDATE "RateLimit" SET "count" = "count" - 1 WHERE "key" = ${k} AND "windowStart" = ${windowStart} AND "count" > 0`;
      return { ok: false, refused: a, retryAfterSec: r.retryAfterSec };
    }
  }
  return { ok: true };
}

/** Deletes buckets that can no longer count (an hourly allowance's after 3 hours), at most once a minute per process. */
async function cleanup(now: number): Promise<void> {
  if (now - lastCleanup < RATE_WINDOW_MS) return;
  lastCleanup = now;
  await db.$executeRaw`DELETE FROM "RateLimit" WHERE "windowStart" < ${new Date(now - 3 * RATE_WINDOW_MS)} AND ("key" NOT LIKE ${`${HOURLY}%`} OR "windowStart" < ${new Date(now - 3 * HOUR_MS)})`;
}
