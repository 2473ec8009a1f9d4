// bench/download-all/ceiling.mjs: what this Chromium can carry into one download, with no app, no
// store and no zipping (Download all's diagnosis: which part is slow). A bare local HTTP server answers N bytes of
// filler; in one page of headless Chromium it times, each over the same bytes (MB = 1048576 bytes):
//   page fetch           the films fetched by the page one after another, read and dropped (the
//                        shape of run.mjs's baseline)
//   browser download     one plain download of the same bytes from the server (the browser's own
//                        path, no JavaScript touches them: the per-film fallback's path)
//   worker, made there   a service worker answering a download with bytes it makes itself (8 MB
//                        pieces): the service worker's download path without any reading
//   worker relay         a service worker answering one download with the films it fetches one after
//                        another, piped through unchanged: the least any ZIP made in a service worker
//                        costs, before any CRC-32
//   worker relay + CRC   the same with a slice-by-16 CRC-32 of every byte on the worker's thread
//   page → worker        the page fetching the films and handing their bytes to the service worker
//                        as a transferred stream (Download all's path today, without zipping)
// Run alone (`node bench/download-all/ceiling.mjs [--mb 2000]`, writes bench/results/download-all-
// ceiling-latest.json and .md, see bench/results.mjs) or from run.mjs (its diagnostics table).
import http from "node:http";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const MB = 1048576;
const FILMS = 20;

/** The service worker of this measurement (scope /sw/), with a slice-by-16 CRC-32. */
const WORKER = String.raw`
const T = new Uint32Array(4096);
for (let i = 0; i < 256; i++) { let c = i; for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1; T[i] = c >>> 0; }
for (let i = 0; i < 256; i++) for (let s = 1; s < 16; s++) T[s * 256 + i] = (T[(s - 1) * 256 + i] >>> 8) ^ T[T[(s - 1) * 256 + i] & 255];
function crc32(b, crc) {
  let c = ~crc, i = 0; const n = b.length, end = n - (n % 16);
  for (; i < end; i += 16) {
    const a = (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) ^ c;
    c = T[3840 + (a & 255)] ^ T[3584 + ((a >>> 8) & 255)] ^ T[3328 + ((a >>> 16) & 255)] ^ T[3072 + (a >>> 24)] ^
      T[2816 + b[i + 4]] ^ T[2560 + b[i + 5]] ^ T[2304 + b[i + 6]] ^ T[2048 + b[i + 7]] ^ T[1792 + b[i + 8]] ^ T[1536 + b[i + 9]] ^
      T[1280 + b[i + 10]] ^ T[1024 + b[i + 11]] ^ T[768 + b[i + 12]] ^ T[512 + b[i + 13]] ^ T[256 + b[i + 14]] ^ T[b[i + 15]];
  }
  for (; i < n; i++) c = (c >>> 8) ^ T[(c ^ b[i]) & 255];
  return ~c >>> 0;
}
const pending = new Map();
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("message", (e) => { pending.set(e.data.id, e.data.stream); e.ports[0].postMessage("ready"); });
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (!url.pathname.startsWith("/sw/")) return;
  const total = Number(url.searchParams.get("n"));
  const headers = { "content-type": "application/zip", "content-disposition": "attachment; filename=ceiling.zip", "content-length": String(total) };
  let body;
  if (url.pathname === "/sw/made") {
    const piece = new Uint8Array(8 * 1048576).fill(7);
    let left = total;
    body = new ReadableStream({ pull(c) { if (left <= 0) return c.close(); const n = Math.min(piece.byteLength, left); left -= n; c.enqueue(n === piece.byteLength ? piece : piece.subarray(0, n)); } }, { highWaterMark: 0 });
  } else if (url.pathname === "/sw/relay") {
    const withCrc = url.searchParams.get("crc") === "1";
    let crc = 0;
    const pass = new TransformStream(withCrc ? { transform(chunk, c) { crc = crc32(chunk, crc); c.enqueue(chunk); } } : {}, { highWaterMark: 4 }, { highWaterMark: 4 });
    (async () => {
      const films = Number(url.searchParams.get("films"));
      for (let k = 0; k < films; k++) await (await fetch("/bytes?n=" + total / films)).body.pipeTo(pass.writable, { preventClose: true });
      await pass.writable.close();
    })();
    body = pass.readable;
  } else {
    body = pending.get(url.searchParams.get("id"));
  }
  event.respondWith(new Response(body, { headers }));
});`;

function serve() {
  const piece = Buffer.alloc(MB, 7);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (url.pathname === "/sw.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(WORKER);
    if (url.pathname === "/") return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>ceiling</title>");
    if (url.pathname !== "/bytes") return res.writeHead(404).end();
    const total = Number(url.searchParams.get("n"));
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "content-length": total,
      ...(url.searchParams.get("save") === "1" ? { "content-disposition": "attachment; filename=bytes.bin" } : {}),
    });
    let left = total;
    const write = () => {
      while (left > 0) {
        const n = Math.min(piece.length, left);
        left -= n;
        if (!res.write(n === piece.length ? piece : piece.subarray(0, n))) return void res.once("drain", write);
      }
      res.end();
    };
    write();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Every figure in a fresh context of `browser`, over about `about` bytes (FILMS equal pieces). */
export async function measureCeiling(browser, about) {
  const bytes = Math.floor(about / FILMS) * FILMS;
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(origin);
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/sw/" });
    const w = reg.active ?? reg.installing ?? reg.waiting;
    if (w.state !== "activated") await new Promise((r) => w.addEventListener("statechange", () => w.state === "activated" && r()));
  });
  const per = bytes / FILMS;
  if (!(per > 0)) throw new Error("nothing to measure");
  /** A download opened by a frame (as the product opens its own); seconds until the file is whole. */
  const download = async (open) => {
    const downloading = page.waitForEvent("download", { timeout: 600_000 });
    const t0 = Date.now();
    await open();
    const d = await downloading;
    await d.path();
    const failure = await d.failure();
    await d.delete();
    if (failure) throw new Error(`download failed: ${failure}`);
    return (Date.now() - t0) / 1000;
  };
  const frame = (src) => page.evaluate((s) => Object.assign(document.body.appendChild(document.createElement("iframe")), { hidden: true, src: s }), src);
  const runs = {
    "page fetch": () =>
      page.evaluate(
        async ({ films, per }) => {
          const t0 = performance.now();
          for (let k = 0; k < films; k++) {
            const reader = (await fetch(`/bytes?n=${per}`)).body.getReader();
            while (!(await reader.read()).done);
          }
          return (performance.now() - t0) / 1000;
        },
        { films: FILMS, per },
      ),
    "browser download": () => download(() => frame(`/bytes?save=1&n=${bytes}`)),
    "worker, made there": () => download(() => frame(`/sw/made?n=${bytes}`)),
    "worker relay": () => download(() => frame(`/sw/relay?films=${FILMS}&n=${bytes}`)),
    "worker relay + CRC-32": () => download(() => frame(`/sw/relay?crc=1&films=${FILMS}&n=${bytes}`)),
    "page → worker": () =>
      download(() =>
        page.evaluate(
          async ({ films, per, bytes }) => {
            const reg = await navigator.serviceWorker.getRegistration("/sw/");
            const id = crypto.randomUUID();
            const { readable, writable } = new TransformStream();
            const channel = new MessageChannel();
            const ready = new Promise((r) => (channel.port1.onmessage = r));
            reg.active.postMessage({ id, stream: readable }, [channel.port2, readable]);
            await ready;
            Object.assign(document.body.appendChild(document.createElement("iframe")), { hidden: true, src: `/sw/page?id=${id}&n=${bytes}` });
            void (async () => {
              for (let k = 0; k < films; k++) await (await fetch(`/bytes?n=${per}`)).body.pipeTo(writable, { preventClose: true });
              await writable.close();
            })();
          },
          { films: FILMS, per, bytes },
        ),
      ),
  };
  const rows = [];
  try {
    for (const [name, run] of Object.entries(runs)) {
      const seconds = await run();
      rows.push({ name, seconds, mbPerSec: bytes / MB / seconds });
    }
  } finally {
    await context.close();
    server.close();
  }
  const fetchRate = rows[0].mbPerSec;
  return rows.map((r) => ({ ...r, ofPageFetch: r.mbPerSec / fetchRate }));
}

export const ceilingLines = (rows, bytes) => [
  `What this Chromium carries into one download with no app, no store and no zipping (bench/download-all/ceiling.mjs: a bare local server, ${(bytes / MB).toFixed(0)} MB in ${FILMS} pieces):`,
  "",
  "| path | s | MB/s | × page fetch |",
  "| --- | --- | --- | --- |",
  ...rows.map((r) => `| ${r.name} | ${r.seconds.toFixed(1)} | ${r.mbPerSec.toFixed(1)} | ${r.ofPageFetch.toFixed(2)} |`),
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { root, writeResults } = await import("../lib.mjs");
  void root;
  const i = process.argv.indexOf("--mb");
  const bytes = Math.floor(((i > 0 ? Number(process.argv[i + 1]) : 2000) * MB) / FILMS) * FILMS;
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu"],
  });
  try {
    const rows = await measureCeiling(browser, bytes);
    writeResults("download-all-ceiling", { bytes, rows }, ceilingLines(rows, bytes));
  } finally {
    await browser.close();
  }
}
