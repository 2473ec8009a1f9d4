// What an upload does when the network fails it: while the browser is offline
// nothing is tried (the queue waits, without using up its tries) and everything goes on by itself
// when the connection is back; a failure that may pass (no answer at all, 408, 429, 5xx) is tried
// again after a growing wait; only one that outlasts every try reaches the studio, and then the
// server keeps the upload so that Retry continues from the parts already stored.
import { ApiError } from "@/lib/browser/api-client";
import { UPLOAD_LIMITS } from "@/lib/limits";

type WithStatus = { status?: number; source?: { status?: number } };

/** Whether another try may succeed: the request got no answer, or one that says "later". */
export function isTransient(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  if ((error as Error).name === "AbortError") return false;
  if (error instanceof ApiError) return error.status === 408 || error.status === 429 || error.status >= 500;
  // fetch() rejects with a TypeError when no answer came back.
  if (error instanceof TypeError) return true;
  // A part PUT (XMLHttpRequest): status 0 is no answer.
  const status = (error as WithStatus).source?.status ?? (error as WithStatus).status;
  return status === 0 || status === 408 || status === 429 || (typeof status === "number" && status >= 500);
}

const isOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

/** Resolves at once while online; otherwise when the browser says it is back online (or `signal` aborts). */
export function whenOnline(signal?: AbortSignal): Promise<void> {
  if (isOnline() || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener("online", done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    window.addEventListener("online", done);
    signal?.addEventListener("abort", done);
  });
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Runs `attempt` until it succeeds, a failure is not transient, or the waits in `delays` are used
 * up. Before each try it waits for the browser to be online; a failure while offline does not use
 * up a try.
 */
export async function persist<T>(attempt: () => Promise<T>, signal?: AbortSignal, delays: readonly number[] = UPLOAD_LIMITS.partRetryDelaysMs): Promise<T> {
  let tries = 0;
  for (;;) {
    await whenOnline(signal);
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted || !isTransient(error)) throw error;
      if (!isOnline()) continue; // cut off: wait for the network, then try again
      if (tries >= delays.length) throw error;
      await sleep(delays[tries++], signal);
    }
  }
}
