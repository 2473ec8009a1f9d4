// Where Download all's ZIP is written, best first:
// - a file the viewer picks (the File System Access API: Chromium on desktop), written as it comes;
// - else the browser's own download of a stream served by a service worker (public/download-sw.js):
//   the ZIP's bytes are handed to the worker, which answers a download address with them;
// - else none: the films are saved one by one (lib/browser/download-all/zip.ts is not used).
// Never the whole archive in memory.

type SaveFilePicker = (options: { suggestedName: string; types?: { description: string; accept: Record<string, string[]> }[] }) => Promise<{
  createWritable: () => Promise<WritableStream<Uint8Array>>;
}>;

export type Sink = { kind: "file" | "worker"; writable: WritableStream<Uint8Array> };

/** Whether this browser can save a picked file as it is written. */
export const canPickFile = () => typeof window !== "undefined" && typeof (window as { showSaveFilePicker?: unknown }).showSaveFilePicker === "function";

/**
 * Asks where to save the ZIP: called in the click's own turn (the browser requires it). Null when
 * the viewer cancelled; throws when the picker cannot be used (the next sink is tried then).
 */
export async function pickFile(suggestedName: string): Promise<Sink | null> {
  const pick = (window as unknown as { showSaveFilePicker: SaveFilePicker }).showSaveFilePicker;
  try {
    const handle = await pick({ suggestedName, types: [{ description: "ZIP", accept: { "application/zip": [".zip"] } }] });
    return { kind: "file", writable: await handle.createWritable() };
  } catch (error) {
    if ((error as Error).name === "AbortError") return null;
    throw error;
  }
}

const WORKER = "/download-sw.js";
const WORKER_SCOPE = "/__download/";

async function activeWorker(): Promise<ServiceWorker> {
  const reg = await navigator.serviceWorker.register(WORKER, { scope: WORKER_SCOPE });
  const worker = reg.active ?? reg.waiting ?? reg.installing;
  if (!worker) throw new Error("no service worker");
  if (worker.state !== "activated") {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the service worker did not start")), 10_000);
      worker.addEventListener("statechange", () => {
        if (worker.state !== "activated" && worker.state !== "redundant") return;
        clearTimeout(timer);
        if (worker.state === "activated") resolve();
        else reject(new Error("the service worker stopped"));
      });
    });
  }
  return worker;
}

/** Whether this browser can save a stream through the service worker. */
const canUseWorker = () => typeof navigator !== "undefined" && "serviceWorker" in navigator && window.isSecureContext !== false;

/**
 * The browser's own download of the ZIP, fed through the service worker. The stream itself is
 * handed over when the browser can transfer streams; else its pieces are sent as the worker asks
 * for them. Null when no worker can be used.
 */
export async function workerSink(name: string, size: number | null): Promise<Sink | null> {
  if (!canUseWorker()) return null;
  let worker: ServiceWorker;
  try {
    worker = await activeWorker();
  } catch {
    return null;
  }
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const ready = new Promise<void>((resolve) => (channel.port1.onmessage = (e) => e.data?.ready && resolve()));
  try {
    worker.postMessage({ type: "zip", id, name, size, stream: readable }, [channel.port2, readable as unknown as Transferable]);
  } catch {
    // No transferable streams (older Safari): the pieces go one by one, when the worker pulls.
    const reader = readable.getReader();
    worker.postMessage({ type: "zip", id, name, size }, [channel.port2]);
    channel.port1.onmessage = async (e) => {
      if (e.data?.ready) return;
      if (e.data?.cancelled) return void reader.cancel();
      if (!e.data?.pull) return;
      try {
        const { done, value } = await reader.read();
        if (done) channel.port1.postMessage({ done: true });
        else channel.port1.postMessage({ chunk: value.buffer }, [value.buffer]);
      } catch (error) {
        channel.port1.postMessage({ error: String(error) });
      }
    };
  }
  await Promise.race([ready, new Promise((r) => setTimeout(r, 2000))]);
  // The download itself: a frame opening the worker's address (the page stays where it is).
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.src = `${WORKER_SCOPE}${id}/${encodeURIComponent(name)}`;
  document.body.appendChild(frame);
  // The worker is kept awake while the download runs; the frame goes when it ends.
  const ping = window.setInterval(() => worker.postMessage({ type: "ping" }), 10_000);
  const end = () => {
    window.clearInterval(ping);
    window.setTimeout(() => frame.remove(), 60_000);
  };
  const inner = writable.getWriter();
  const outer = new WritableStream<Uint8Array>({
    write: (chunk) => inner.write(chunk),
    close: async () => {
      await inner.close();
      end();
    },
    abort: async (reason) => {
      await inner.abort(reason);
      end();
    },
  });
  return { kind: "worker", writable: outer };
}

/** The per-film fallback: each film by its own link. */
export { saveLink } from "@/lib/browser/save-link";
