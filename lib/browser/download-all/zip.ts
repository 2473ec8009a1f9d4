// Download all in the viewer's browser: the gallery's archive (its films, chapters and
// captions, lib/services/public/archive.ts) made into one ZIP by client-zip (ZIP64 when the archive passes
// 4 GiB) as each film streams from the store by its signed address (lib/browser/download-all/resumable.ts),
// and written to a sink (lib/browser/download-all/sinks.ts). Nothing of a film passes through the app:
// its door answers a redirect. The small sidecar files are read first, so the archive's exact
// length is known (the progress bar's total, the saved file's Content-Length).
import { makeZip, predictLength } from "client-zip";
import type { Archive, ArchiveFile } from "@/lib/services/public/rules/archive-names";
import { resumableBody } from "@/lib/browser/download-all/resumable";

export type Progress = {
  /** Bytes of the ZIP written so far, and its whole length (null when a size was unknown). */
  written: number;
  total: number | null;
  /** The film being read (1-based) of how many, and its name. */
  film: number;
  films: number;
  name: string;
  /** Bytes a second lately (null until measured). */
  rate: number | null;
};

export type Prepared = { name: string; files: (ArchiveFile & { data?: Uint8Array })[]; total: number | null; films: number };

const SIDE_FILES_AT_ONCE = 4;

/** Reads the archive's small files (chapters, captions) into memory, and the archive's exact length. */
export async function prepare(archive: Archive, signal?: AbortSignal): Promise<Prepared> {
  const files = archive.files.map((f) => ({ ...f })) as Prepared["files"];
  const side = files.filter((f) => !f.film);
  for (let i = 0; i < side.length; i += SIDE_FILES_AT_ONCE) {
    await Promise.all(
      side.slice(i, i + SIDE_FILES_AT_ONCE).map(async (f) => {
        const res = await fetch(f.src, { signal, credentials: "same-origin" });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        f.data = new Uint8Array(await res.arrayBuffer());
        f.size = f.data.byteLength;
      }),
    );
  }
  const known = files.every((f) => f.size !== null);
  const total = known ? Number(predictLength(files.map((f) => ({ name: f.name, size: f.size! })))) : null;
  return { name: archive.name, files, total, films: files.filter((f) => f.film).length };
}

/** The ZIP as a stream; `onProgress` after each piece written, `onFilm` as each film starts. */
export function zipStream(prepared: Prepared, options: { signal?: AbortSignal; onProgress?: (p: Progress) => void; lastModified?: Date } = {}): ReadableStream<Uint8Array> {
  const { signal, onProgress } = options;
  const lastModified = options.lastModified ?? new Date();
  let written = 0;
  let film = 0;
  let name = "";
  let rate: number | null = null;
  let windowStart = performance.now();
  let windowBytes = 0;
  const report = () => onProgress?.({ written, total: prepared.total, film, films: prepared.films, name, rate });

  async function* inputs() {
    for (const f of prepared.files) {
      if (f.data) {
        yield { name: f.name, input: f.data, lastModified };
        continue;
      }
      film += 1;
      name = f.name;
      report();
      yield { name: f.name, size: f.size ?? undefined, lastModified, input: resumableBody(f.src, { resumeSrc: `${f.src}&resume=1`, size: f.size, signal }) };
    }
  }

  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      written += chunk.byteLength;
      windowBytes += chunk.byteLength;
      const now = performance.now();
      if (now - windowStart >= 1000) {
        const current = (windowBytes * 1000) / (now - windowStart);
        rate = rate === null ? current : rate * 0.7 + current * 0.3;
        windowStart = now;
        windowBytes = 0;
      }
      controller.enqueue(chunk);
      report();
    },
  });
  return makeZip(inputs(), prepared.total !== null ? { length: prepared.total } : {}).pipeThrough(counter);
}

/** What a sink is handed at a time: many small writes cost a file (and a service worker's stream) more than their bytes. */
const SINK_WRITE_BYTES = 8 * 1024 * 1024;

/** Gathers the ZIP's pieces into writes of `bytes` (the last one shorter): one buffer reused, never more than that held. */
export function coalesce(bytes = SINK_WRITE_BYTES): TransformStream<Uint8Array, Uint8Array> {
  let buffer = new Uint8Array(bytes);
  let filled = 0;
  return new TransformStream({
    transform(chunk, controller) {
      let at = 0;
      while (at < chunk.byteLength) {
        const n = Math.min(bytes - filled, chunk.byteLength - at);
        buffer.set(chunk.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled === bytes) {
          controller.enqueue(buffer);
          // The sink may keep the piece it was handed (a transferred stream does): a new one each time.
          buffer = new Uint8Array(bytes);
          filled = 0;
        }
      }
    },
    flush(controller) {
      if (filled > 0) controller.enqueue(buffer.subarray(0, filled));
    },
  });
}
