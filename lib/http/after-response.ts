// Work a door starts but does not wait for: it runs once the answer has been sent (Next's `after()`),
// so how long it takes never shows in the answer's time (forgot-password: whether the address has
// an account). Outside a request (a script, a test calling a route handler directly) there is no
// answer to wait for, and it starts on the next turn of the event loop instead. The answer is gone
// by then, so a failure is logged, never thrown.
import "@/lib/server-only";
// `after` is read off its module: the gallery page (Pages Router) reaches this file through the
// domain entries without calling it, and Next's compiler refuses a named import of that App Router
// API anywhere in a Pages Router page's graph.
import * as nextServer from "next/server";
import { log } from "@/lib/log";

const running = new Set<Promise<void>>();

export function afterResponse(what: string, task: () => Promise<unknown>): void {
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  running.add(done);
  const run = async () => {
    try {
      await task();
    } catch (e) {
      log().error({ err: e, what }, "work after the answer failed");
    } finally {
      running.delete(done);
      finished();
    }
  };
  try {
    nextServer.after(run);
  } catch {
    // `after` outside a request scope throws: no answer to wait for.
    setImmediate(() => void run());
  }
}

/** Resolves once the work started so far (and any it started) has finished. */
export async function afterResponsesSettled(): Promise<void> {
  while (running.size) await Promise.all([...running]);
}
