"use client";
// Download all: loaded when the viewer picks "Download all" in the Download
// menu. Asks the gallery for its archive (lib/services/public/archive.ts; the download PIN first when the
// gallery has one), then writes the ZIP as the films stream from the store (lib/browser/download-all): to
// the file the viewer picked, else through the service worker's download, else film by film. A
// panel shows bytes written of the whole, the film being read, time left, and offers Cancel.
import { useEffect, useRef, useState } from "react";
import { PinDialog } from "@/components/gallery/pin-dialog";
import { useViewer } from "@/components/gallery/viewer-locale";
import { fill } from "@/lib/viewer-i18n/format";
import type { Archive } from "@/lib/services/public/rules/archive-names";
import type { ErrorCode } from "@/lib/error-codes";
import { refusalFor, refusalText } from "@/lib/browser/public-gates";
import { coalesce, prepare, zipStream, type Progress } from "@/lib/browser/download-all/zip";
import { saveLink, workerSink, type Sink } from "@/lib/browser/download-all/sinks";
import { PUBLIC_ARCHIVE_PATH, publicPath } from "@/lib/contract/paths";

type Props = {
  /** The gallery's custom url or id. */
  gallery: string;
  /** The file the viewer picked in the click's own turn (null: this browser has no picker). */
  picked: Promise<Sink | null> | null;
  onClose: () => void;
};

type Phase = { is: "preparing" } | { is: "pin" } | { is: "running"; progress: Progress | null } | { is: "separate"; film: number; films: number } | { is: "done" } | { is: "failed"; message: string };

export default function DownloadAll({ gallery, picked, onClose }: Props) {
  const { t, bytes, duration, number } = useViewer();
  const [phase, setPhase] = useState<Phase>({ is: "preparing" });
  const [attempt, setAttempt] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const sinkRef = useRef<Promise<Sink | null> | null>(picked);

  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    const { signal } = controller;
    let shown = 0;
    let current = "";
    /** The ZIP is being written to its sink. */
    let piping = false;
    (async () => {
      setPhase({ is: "preparing" });
      const res = await fetch(publicPath(PUBLIC_ARCHIVE_PATH, { slug: gallery }), { credentials: "same-origin", cache: "no-store", signal });
      if (!res.ok) {
        const { code } = (await res.json().catch(() => ({}))) as { code?: ErrorCode };
        if (code === "pin_required") return setPhase({ is: "pin" });
        return setPhase({ is: "failed", message: refusalText(t, refusalFor(code), "pin") });
      }
      const archive = (await res.json()) as Archive;
      // The picked file, else the worker's download (the picker is offered once: a retry reuses the worker).
      const fromPicker = sinkRef.current;
      sinkRef.current = null;
      let sink: Sink | null = null;
      if (fromPicker) {
        try {
          sink = await fromPicker;
          if (!sink) return onClose();
        } catch {
          sink = null;
        }
      }
      const prepared = await prepare(archive, signal);
      sink ??= await workerSink(archive.name, prepared.total);
      if (!sink) {
        // Film by film, each by its own door (each counted there).
        const films = archive.files.filter((f) => f.film);
        for (const [i, f] of films.entries()) {
          if (signal.aborted) return;
          setPhase({ is: "separate", film: i + 1, films: films.length });
          saveLink(f.src);
          await new Promise((r) => setTimeout(r, 1500));
        }
        return setPhase({ is: "done" });
      }
      setPhase({ is: "running", progress: null });
      piping = true;
      await zipStream(prepared, {
        signal,
        onProgress: (p) => {
          current = p.name;
          const now = performance.now();
          if (now - shown < 250 && p.written !== p.total) return;
          shown = now;
          setPhase({ is: "running", progress: p });
        },
      })
        .pipeThrough(coalesce())
        .pipeTo(sink.writable, { signal });
      setPhase({ is: "done" });
    })().catch((error: unknown) => {
      if (signal.aborted) return;
      // A film the store would not give (after its tries), or the file the ZIP goes to refusing it.
      const message =
        (error as Error | null)?.name === "DownloadError"
          ? current
            ? fill(t.downloadAll.failed, { title: current })
            : t.downloadAll.failedAny
          : piping
            ? t.downloadAll.writeFailed
            : t.downloadAll.failedAny;
      setPhase({ is: "failed", message });
    });
    return () => controller.abort();
  }, [gallery, attempt, t, onClose]);

  if (phase.is === "pin") return <PinDialog gallery={gallery} onClose={onClose} onGiven={() => setAttempt((a) => a + 1)} />;

  const p = phase.is === "running" ? phase.progress : null;
  const left = p && p.total && p.rate ? (p.total - p.written) / p.rate : null;
  const status = (() => {
    switch (phase.is) {
      case "preparing":
        return t.downloadAll.preparing;
      case "running":
        if (!p) return t.downloadAll.preparing;
        return [fill(t.downloadAll.progress, { done: bytes(p.written), total: p.total ? bytes(p.total) : "…" }), left !== null ? fill(t.downloadAll.timeLeft, { time: duration(left) }) : null]
          .filter(Boolean)
          .join(" · ");
      case "separate":
        return t.downloadAll.separate;
      case "done":
        return t.downloadAll.done;
      case "failed":
        return phase.message;
    }
  })();
  const running = phase.is === "preparing" || phase.is === "running" || phase.is === "separate";

  return (
    <section
      aria-labelledby="download-all-heading"
      className="fixed bottom-4 left-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-white/10 bg-zinc-900/95 p-4 text-sm text-zinc-100 shadow-2xl backdrop-blur"
      data-testid="download-all"
      data-phase={phase.is}
    >
      <h2 id="download-all-heading" className="font-semibold text-white">
        {t.downloadAll.heading}
      </h2>
      {p && (
        <p className="mt-1 truncate text-xs text-zinc-400" data-testid="download-all-film">
          {fill(t.downloadAll.film, { n: number(p.film), total: number(p.films), title: p.name })}
        </p>
      )}
      {phase.is === "separate" && <p className="mt-1 text-xs text-zinc-400">{fill(t.downloadAll.film, { n: number(phase.film), total: number(phase.films), title: "" }).replace(/[:：]\s*$/, "")}</p>}
      <progress
        className="mt-3 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:bg-white"
        max={p?.total ?? 1}
        value={phase.is === "done" ? (p?.total ?? 1) : (p?.written ?? undefined)}
        aria-label={t.downloadAll.heading}
        aria-valuetext={status}
      />
      <p role="status" aria-live="polite" className={`mt-2 text-xs ${phase.is === "failed" ? "text-red-300" : "text-zinc-300"}`} data-testid="download-all-status">
        {status}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        {phase.is === "failed" && (
          <button type="button" onClick={() => setAttempt((a) => a + 1)} className="rounded-full bg-white px-4 py-1.5 text-xs font-semibold text-zinc-950 hover:bg-zinc-200">
            {t.downloadAll.retry}
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            abort.current?.abort();
            onClose();
          }}
          className="rounded-full border border-white/20 px-4 py-1.5 text-xs font-medium text-zinc-200 hover:bg-white/10"
        >
          {running ? t.downloadAll.cancel : t.downloadAll.close}
        </button>
      </div>
    </section>
  );
}
