"use client";
import { useEffect, useRef, useState } from "react";
import { ChevronDown, ChevronUp, RotateCcw, X } from "lucide-react";
import { TEXTS } from "@/lib/texts";
import { formatBytes, formatDateTime } from "@/lib/format";
import { buttonClass } from "@/components/ui/button";
import { isFinished, type UploadItem } from "@/lib/browser/uploads/queue";

type Props = {
  items: UploadItem[];
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
  onClearFinished: () => void;
  onResume: (id: string, file: File) => void;
  onRetry: (id: string) => void;
  /** A film a late cancel found filed: keep it, or delete it. */
  onKeep: (id: string) => void;
  onDelete: (id: string) => void;
  /** False while the browser is offline: running uploads wait, and say so. */
  online: boolean;
};

const BAR_COLOUR: Record<UploadItem["status"], string> = {
  queued: "bg-zinc-300",
  uploading: "bg-brand-500",
  processing: "bg-brand-500 animate-pulse",
  ready: "bg-emerald-500",
  failed: "bg-red-500",
  interrupted: "bg-amber-400",
  filed: "bg-amber-400",
};

/** Whether the bar shows the upload's percentage (not once its film is being processed, ready or failed). */
const showsPercentage = (item: UploadItem) => item.status === "queued" || item.status === "uploading" || (item.status === "failed" && !item.videoId);

/** What an unfinished upload's bar says under it: what is stored and until when, or that it expired. */
function unfinishedHint(item: UploadItem): string {
  const u = item.unfinished;
  if (!u) return TEXTS.uploadInterruptedHint;
  if (u.expired) return TEXTS.uploadExpiredHint;
  return TEXTS.uploadUnfinishedHint(formatBytes(u.storedBytes), formatBytes(item.size), formatDateTime(u.expiresAt));
}

const iconButton = "grid h-7 w-7 shrink-0 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900";

/** Below 1024 px the editor's live preview sits under the section, across the screen: when it comes
 * into view, the panel folds to its one-line header (it can be opened again), so it does not cover
 * the preview; from 1024 px the panel is docked at the bottom left, over the editor's columns
 * (app/globals.css, `.upload-tray`). */
function useCollapseOverPreview(active: boolean, collapse: () => void) {
  const latest = useRef(collapse);
  useEffect(() => {
    latest.current = collapse;
  });
  useEffect(() => {
    const preview = active ? document.getElementById("preview") : null;
    if (!preview || typeof IntersectionObserver === "undefined") return;
    const wide = window.matchMedia("(min-width: 1024px)");
    const seen = new IntersectionObserver((entries) => {
      if (!wide.matches && entries.some((e) => e.isIntersecting)) latest.current();
    });
    seen.observe(preview);
    return () => seen.disconnect();
  }, [active]);
}

/** The upload progress bars at the bottom right of every studio page (spec §2 Header). */
/** Once every upload is through (its film filed: processing or ready), the panel folds by itself after this long. */
const FOLD_WHEN_DONE_MS = 4000;

/** Every upload is through and none asks for anything (a failure, an interrupted or late-filed upload). */
const allThrough = (items: UploadItem[]) => items.length > 0 && items.every((i) => i.status === "processing" || i.status === "ready");

export function UploadTray({ items, online, onCancel, onDismiss, onClearFinished, onResume, onRetry, onKeep, onDelete }: Props) {
  const [open, setOpen] = useState(true);
  const picker = useRef<HTMLInputElement>(null);
  const resuming = useRef<string | null>(null);
  useCollapseOverPreview(items.length > 0, () => setOpen(false));
  // Nothing left to watch or answer: it folds to its pill, out of the way (a new upload opens it again).
  const through = allThrough(items);
  const count = items.length;
  useEffect(() => {
    if (!through) return;
    const timer = setTimeout(() => setOpen(false), FOLD_WHEN_DONE_MS);
    return () => clearTimeout(timer);
  }, [through]);
  const [seen, setSeen] = useState(count);
  if (count !== seen) {
    setSeen(count);
    if (count > seen) setOpen(true);
  }
  if (items.length === 0) return null;
  const done = items.filter((i) => i.status === "processing" || i.status === "ready").length;
  const anyFinished = items.some(isFinished);

  return (
    <section
      aria-label="Uploads"
      className={`upload-tray fixed right-4 bottom-4 z-40 max-w-[calc(100vw-2rem)] overflow-hidden border border-zinc-200 bg-white shadow-2xl ${open ? "w-80 rounded-xl" : online ? "w-auto rounded-full" : "w-auto rounded-xl"}`}
      data-testid="upload-tray"
      data-open={open}
    >
      <div className={`flex items-center gap-2 px-3 py-2 ${open ? "border-b border-zinc-100" : ""}`}>
        <p className="min-w-0 flex-1 text-sm font-semibold whitespace-nowrap text-zinc-900">
          Uploads{" "}
          <span className="font-normal text-zinc-500">
            · {done} of {items.length} done
          </span>
        </p>
        {anyFinished &&
          (open ? (
            <button type="button" onClick={onClearFinished} className="rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900">
              Clear finished
            </button>
          ) : (
            // Folded, the pill keeps the way to put finished uploads away, as an icon.
            <button type="button" onClick={onClearFinished} aria-label="Clear finished" title="Clear finished" className={iconButton}>
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          ))}
        <button type="button" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="upload-bars" aria-label={open ? "Hide uploads" : "Show uploads"} className={iconButton}>
          {open ? <ChevronDown className="h-4 w-4" aria-hidden="true" /> : <ChevronUp className="h-4 w-4" aria-hidden="true" />}
        </button>
      </div>
      {!online && (
        <p role="status" data-testid="uploads-offline" className="border-b border-amber-100 bg-amber-50 px-3 py-2 text-xs font-medium text-amber-900">
          {TEXTS.uploadsOffline}
        </p>
      )}
      <ul id="upload-bars" hidden={!open} className="max-h-80 divide-y divide-zinc-100 overflow-y-auto">
        {items.map((item) => (
          <li key={item.id} className="px-3 py-2.5" data-testid="upload-bar" data-state={item.status}>
            <div className="flex items-center gap-2">
              <p className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900" title={item.fileName}>
                {item.fileName}
              </p>
              {showsPercentage(item) && <span className="text-xs tabular-nums text-zinc-600">{item.percentage}%</span>}
              {item.status === "failed" && item.retryable && (
                <button type="button" aria-label={`Retry upload of ${item.fileName}`} title="Retry" className={iconButton} onClick={() => onRetry(item.id)}>
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
              {item.status === "filed" || item.status === "interrupted" ? null : isFinished(item) ? (
                <button type="button" aria-label={`Dismiss ${item.fileName}`} title="Dismiss" className={iconButton} onClick={() => onDismiss(item.id)}>
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              ) : (
                <button type="button" aria-label={`Cancel upload of ${item.fileName}`} title="Cancel" className={iconButton} onClick={() => onCancel(item.id)}>
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </div>
            <div
              role="progressbar"
              aria-label={`Upload of ${item.fileName}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={item.percentage}
              aria-valuetext={`${item.percentage}% · ${TEXTS.uploadStates[item.status]}`}
              className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-zinc-100"
            >
              <div className={`h-full rounded-full transition-[width] duration-300 ${BAR_COLOUR[item.status]}`} style={{ width: `${item.percentage}%` }} />
            </div>
            <p
              className={`mt-1 text-xs ${item.status === "failed" ? "text-red-600" : item.status === "filed" ? "font-medium text-zinc-900" : "text-zinc-500"}`}
              data-testid="upload-state"
              role={item.status === "filed" ? "alert" : undefined}
            >
              {item.status === "uploading" && !online ? TEXTS.uploadWaitingForNetwork : TEXTS.uploadStates[item.status]}
              {item.status === "failed" && item.error && <span role="alert">: {item.error}</span>}
              {item.status === "failed" && item.retryable && item.resume && <> · {TEXTS.uploadRetryHint}</>}
              {item.status === "interrupted" && (
                <>
                  {item.unfinished && <> · {item.unfinished.galleryName}</>} · {unfinishedHint(item)}
                </>
              )}
            </p>
            {item.status === "interrupted" && item.error && (
              <p role="alert" className="mt-1 text-xs text-red-600" data-testid="upload-refused">
                {item.error}
              </p>
            )}
            {item.status === "interrupted" && (
              <div className="mt-2 flex gap-2">
                <button
                  type="button"
                  aria-label={item.unfinished?.expired ? `Upload ${item.fileName} again` : `Resume upload of ${item.fileName}`}
                  onClick={() => {
                    resuming.current = item.id;
                    picker.current?.click();
                  }}
                  className={buttonClass("outline", "px-3 py-1 text-xs")}
                >
                  <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
                  {item.unfinished?.expired ? "Upload again" : "Resume"}
                </button>
                <button type="button" aria-label={`Discard upload of ${item.fileName}`} onClick={() => onCancel(item.id)} className={buttonClass("outline", "px-3 py-1 text-xs")}>
                  Discard
                </button>
              </div>
            )}
            {item.status === "filed" && (
              <div className="mt-2 flex gap-2">
                <button type="button" aria-label={TEXTS.uploadFiledKeep(item.fileName)} onClick={() => onKeep(item.id)} className={buttonClass("outline", "px-3 py-1 text-xs")}>
                  Keep
                </button>
                {/* A new file of an existing film (Replace, a new version) is that film now: deleting it would delete the film. */}
                {!item.target.replaceVideoId && (
                  <button type="button" aria-label={TEXTS.uploadFiledDelete(item.fileName)} onClick={() => onDelete(item.id)} className={buttonClass("danger", "px-3 py-1 text-xs")}>
                    Delete
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      <input
        ref={picker}
        type="file"
        accept="video/*"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file && resuming.current) onResume(resuming.current, file);
          e.target.value = "";
        }}
      />
    </section>
  );
}
