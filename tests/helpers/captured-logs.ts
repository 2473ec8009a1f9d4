// The log lines a test file writes: the process' logger replaced, for the file, by one writing to
// memory (every line JSON, as in production).
import { Writable } from "node:stream";
import { createLogger, setLogger } from "@/lib/log";

export type LogLine = Record<string, unknown> & { msg: string; level: string; requestId?: string };

/** Call at the top of a test file: its lines from then on, `clear()` to forget those so far. */
export function captureLogs(level = "debug") {
  let raw = "";
  beforeAll(() => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        raw += String(chunk);
        done();
      },
    });
    setLogger(createLogger({ level, destination: sink }));
  });
  afterAll(() => setLogger(undefined));
  return {
    text: () => raw,
    lines: (): LogLine[] =>
      raw
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LogLine),
    clear: () => {
      raw = "";
    },
  };
}
