// Attempt windows kept in Postgres (the flat part of lib/security/throttle.ts), so every app
// instance counts the same attempts. A sliding window over one-minute buckets: each attempt increments its bucket with one atomic upsert
// (INSERT … ON CONFLICT DO UPDATE … RETURNING count), and the attempt is refused when this bucket
// plus the previous one weighted by how much of it still lies inside the last minute exceed the
// limit. Refused attempts count too, so hammering keeps the door shut.
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { env } from "@/lib/env";

export const RATE_WINDOW_MS = 60_000;

/** Attempts allowed per key and minute (RATE_LIMIT_PER_MINUTE, default 10). */
export function rateLimitPerMinute(): number {
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

/** Records one attempt for the key and says whether it is within the limit. */
export async function hit(key: string, limit = rateLimitPerMinute(), now = Date.now()): Promise<Hit> {
  const start = Math.floor(now / RATE_WINDOW_MS) * RATE_WINDOW_MS;
  const rows = await db.$queryRaw<{ count: number; prev: number }[]>`
    WITH cur AS (
      INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${new Date(start)}, 1)
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimit"."count" + 1
      RETURNING "count"
    )
    SELECT cur."count"::int AS count,
           COALESCE((SELECT "count" FROM "RateLimit" WHERE "key" = ${key} AND "windowStart" = ${new Date(start - RATE_WINDOW_MS)}), 0)::int AS prev
    FROM cur`;
  const { count, prev } = rows[0];
  const elapsed = (now - start) / RATE_WINDOW_MS;
  const weighted = prev * (1 - elapsed) + count;
  await cleanup(now);
  if (weighted <= limit) return { allowed: true, count, retryAfterSec: 0 };
  // When this bucket becomes the previous one, its weight falls until one more attempt fits.
  const toWindowEnd = (1 - elapsed) * RATE_WINDOW_MS;
  const intoNext = count > limit - 1 ? (1 - (limit - 1) / count) * RATE_WINDOW_MS : 0;
  return { allowed: false, count, retryAfterSec: Math.max(1, Math.ceil((toWindowEnd + intoNext) / 1000)) };
}

/** Counts one attempt on each key; throws a 429 (with Retry-After) when any is over the limit. */
export async function enforceRateLimit(keys: string[]): Promise<void> {
  let retryAfter = 0;
  for (const key of keys) {
    const r = await hit(key);
    if (!r.allowed) retryAfter = Math.max(retryAfter, r.retryAfterSec);
  }
  if (retryAfter > 0) throw new RateLimitError(retryAfter);
}

/** Deletes buckets that can no longer count, at most once a minute per process. */
async function cleanup(now: number): Promise<void> {
  if (now - lastCleanup < RATE_WINDOW_MS) return;
  lastCleanup = now;
  await db.$executeRaw`DELETE FROM "RateLimit" WHERE "windowStart" < ${new Date(now - 3 * RATE_WINDOW_MS)}`;
}
