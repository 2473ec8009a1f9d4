// Reads a server-sent events answer as a browser's EventSource would: blocks split on a blank line,
// `id:`, `event:` (default "message"), `data:` lines joined, `retry:`; comment lines (": …") counted
// apart. `until(n)` waits for the n-th event; `close()` cancels the body (the client leaving).
export type SseEvent = { id: string | null; event: string; data: string; json: () => unknown };

export type SseReader = {
  events: SseEvent[];
  comments: number;
  retry: number | null;
  /** Resolves once `count` events arrived (or throws after `ms`). */
  until: (count: number, ms?: number) => Promise<SseEvent[]>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close: () => Promise<void>;
};

export function readSse(res: Response): SseReader {
  if (!res.body) throw new Error(`no body (${res.status})`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const state: SseReader = {
    events: [],
    comments: 0,
    retry: null,
    until: async () => [],
    ended: Promise.resolve(),
    close: async () => {
      await reader.cancel().catch(() => {});
    },
  };
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const l of [...listeners]) l();
  };
  let finished = false;
  let buffer = "";
  const parse = (block: string) => {
    let id: string | null = null;
    let event = "message";
    const data: string[] = [];
    let any = false;
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) {
        state.comments += 1;
        continue;
      }
      const at = line.indexOf(":");
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "id") id = value;
      else if (field === "event") event = value;
      else if (field === "data") {
        data.push(value);
        any = true;
      } else if (field === "retry") state.retry = Number(value);
    }
    if (!any) return;
    const text = data.join("\n");
    state.events.push({ id, event, data: text, json: () => JSON.parse(text) });
  };
  state.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          parse(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
        wake();
      }
    } catch {
      // cancelled
    } finally {
      finished = true;
      wake();
    }
  })();
  state.until = (count, ms = 5000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${state.events.length} of ${count} events after ${ms} ms: ${JSON.stringify(state.events.map((e) => e.data))}`)), ms);
      const check = () => {
        if (state.events.length >= count) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve(state.events.slice(0, count));
        } else if (finished) {
          clearTimeout(timer);
          listeners.delete(check);
          reject(new Error(`the stream ended after ${state.events.length} of ${count} events`));
        }
      };
      listeners.add(check);
      check();
    });
  return state;
}
