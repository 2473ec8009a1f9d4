// When a failed delivery is tried again: 30 s, doubling, at most an hour apart, for 3 days from the
// event; an endpoint whose deliveries have failed for 3 days is disabled (lib/services/platform/webhooks/).
const FIRST_RETRY_SEC = 30;
export const MAX_RETRY_SEC = 60 * 60;
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/**
 * An endpoint failing this long is disabled and its studio mailed: the retry window, by a name of its own.
 * @alias
 */
export const DISABLE_AFTER_MS = RETRY_WINDOW_MS;

/** The wait after the `attempts`-th failed attempt (1, 2, …): 30 s × 2^(attempts − 1), at most an hour. */
export function retryDelayMs(attempts: number): number {
  const sec = FIRST_RETRY_SEC * 2 ** Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(sec, MAX_RETRY_SEC) * 1000;
}

/** The next attempt after a failure, or null when it would fall after the event's 3 days (given up). */
export function nextAttempt(createdAt: Date, attempts: number, now: number): Date | null {
  const at = now + retryDelayMs(attempts);
  return at > createdAt.getTime() + RETRY_WINDOW_MS ? null : new Date(at);
}

/** How soon a failing endpoint is probed again: a twentieth of how long it has been failing, 2 s to 5 minutes. */
const PROBE_MIN_MS = 2_000;
const PROBE_MAX_MS = 5 * 60_000;
export function probeDelayMs(failingForMs: number): number {
  return Math.min(Math.max(failingForMs / 20, PROBE_MIN_MS), PROBE_MAX_MS);
}
