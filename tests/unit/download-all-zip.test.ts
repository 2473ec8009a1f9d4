/**
 * Download all hands its sink the ZIP in writes of 8 MB (a picked file and the service worker's
 * stream pay per write): every byte in order, each write but the last exactly the size, whatever
 * the pieces that came in; no piece handed out is written to again.
 */
import { coalesce } from "@/lib/browser/download-all/zip";

async function run(pieces: Uint8Array[], size: number): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(p);
      controller.close();
    },
  });
  await source.pipeThrough(coalesce(size)).pipeTo(new WritableStream({ write: (chunk) => void out.push(chunk) }));
  return out;
}

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 255);
const concat = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return all;
};

test("gathers pieces of any size into writes of the size, the last shorter, bytes unchanged", async () => {
  for (const sizes of [[1], [10, 10, 10], [7, 3, 25, 1, 0, 64, 5], [100], [16, 16], Array.from({ length: 50 }, (_, i) => (i * 7) % 13)]) {
    const pieces = sizes.map((n, i) => bytes(n, i));
    const out = await run(pieces, 16);
    expect(concat(out)).toEqual(concat(pieces));
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(out.length).toBe(Math.ceil(total / 16));
    out.slice(0, -1).forEach((w) => expect(w.byteLength).toBe(16));
  }
});

test("never reuses a buffer it handed out", async () => {
  const input = bytes(40, 1);
  const out = await run([input], 16);
  expect(new Set(out.map((w) => w.buffer)).size).toBe(out.length);
  expect(concat(out)).toEqual(input);
});

test("an empty ZIP stream writes nothing", async () => {
  expect(await run([], 16)).toEqual([]);
});
