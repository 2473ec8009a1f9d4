// A fetch that waits and tries again when the API says "later": a 429 (the key's or the address's
// rate limit) or a 503 with `Retry-After` (the app starting or busy), after the seconds it names,
// capped, at most `maxRetries` times. Any other answer, and the last one, goes back as it came.
export type RetryOptions = {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  maxRetries?: number;
  /** The longest wait honoured, in seconds (default 60): a longer Retry-After is cut to this. */
  maxDelaySec?: number;
  /** Waits `ms` (tests pass a fake clock). */
  sleep?: (ms: number) => Promise<void>;
};

const DEFAULT_RETRIES = 3;
const DEFAULT_MAX_DELAY_SEC = 60;

/** `Retry-After` in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

const sleeper = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long to wait before retry number `attempt` (1-based), or null when this answer is final. */
export function retryDelayMs(response: Response, attempt: number, options: RetryOptions = {}, nowMs = Date.now()): number | null {
  if (attempt > (options.maxRetries ?? DEFAULT_RETRIES)) return null;
  const after = retryAfterSeconds(response.headers.get("retry-after"), nowMs);
  if (response.status === 503 && after === null) return null;
  if (response.status !== 429 && response.status !== 503) return null;
  // A 429 without Retry-After: 1, 2, 4… seconds.
  const seconds = after ?? 2 ** (attempt - 1);
  return Math.min(seconds, options.maxDelaySec ?? DEFAULT_MAX_DELAY_SEC) * 1000;
}

export function retryingFetch(base: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const sleep = options.sleep ?? sleeper;
  return async (input, init) => {
    // A Request's body can be read once: each attempt sends a copy.
    const request = input instanceof Request ? input : new Request(input, init);
    for (let attempt = 1; ; attempt++) {
      const response = await base(request.clone());
      const wait = retryDelayMs(response, attempt, options);
      if (wait === null) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
