// The studio's upload queue as plain state (spec §3 "Upload progress (multi)", §4 "Upload queue"):
// one bar per file, queued → uploading → processing → ready | failed; a cancelled bar is removed and
// its id remembered, so nothing can bring it back. Once its bytes are sent a bar follows its video's
// state on the server (processing, ready, failed with the reason), the same state its card shows
// (lib/services/films/rules/video-state.ts): one state per file everywhere. `interrupted` is an upload
// the server still holds unfinished (GET /api/uploads/unfinished, after any reload): picking the
// same file resumes it, Discard ends it. `filed` is an upload cancelled too late (the server was
// already filing it): the film exists and is charged, and the bar stays until the studio keeps it
// or deletes it.
import type { FileState } from "@/lib/services/films/rules/video-state";

type UploadStatus = "queued" | "uploading" | FileState | "interrupted" | "filed";

/** Where a video goes: a gallery, and optionally the video whose file it replaces (or whose next version it is, keeping the current: keepPrevious). */
export type UploadTarget = { galleryId: string; replaceVideoId?: string; keepPrevious?: boolean };

/** A multipart upload the server has opened: its storage key and upload id. */
export type ServerUpload = { key: string; uploadId: string };

/** What the server says of an unfinished upload (an `interrupted` bar). */
type Unfinished = { lastModified: number | null; galleryName: string; storedBytes: number; expiresAt: string; expired: boolean };

export type UploadItem = {
  id: string;
  fileName: string;
  size: number;
  target: UploadTarget;
  status: UploadStatus;
  /** 0–100. */
  percentage: number;
  /** Why it failed (an upload's failure, or its video's processing failure). */
  error?: string;
  /** The picked file; an interrupted upload has none until it is picked again. */
  file?: File;
  /** Set when the server already holds an upload for this file (resume). */
  resume?: ServerUpload;
  /** An interrupted upload: what the server holds of it. */
  unfinished?: Unfinished;
  /** A failed upload that Retry may continue (a network failure that outlasted the retries). */
  retryable?: boolean;
  /** The film the upload filed: the bar follows its state (and a `filed` bar's Delete deletes it). */
  videoId?: string;
  /** When its completion was answered: only the film's state fetched since is followed. */
  sentAt?: number;
};

export type QueueState = { items: UploadItem[]; cancelled: ReadonlySet<string> };

export type QueueAction =
  | { type: "add"; items: UploadItem[] }
  | { type: "start"; id: string }
  | { type: "progress"; id: string; percentage: number }
  | { type: "complete"; id: string; videoId: string; state: FileState; reason?: string | null; at: number }
  /** The film's state in an answer of the server fetched at `at` (an answer older than the bar's completion is stale: a replaced film's old state). */
  | { type: "video"; videoId: string; state: FileState; reason?: string | null; at: number }
  | { type: "refused"; id: string; error: string }
  | { type: "fail"; id: string; error: string; retry?: { upload?: ServerUpload } | null }
  | { type: "retry"; id: string }
  | { type: "attach"; id: string; file: File }
  | { type: "cancel"; id: string }
  | { type: "filed"; id: string; videoId: string }
  | { type: "keep"; id: string }
  | { type: "dismiss"; id: string }
  | { type: "clearFinished" };

export const initialQueue: QueueState = { items: [], cancelled: new Set() };

const FILE_STATES: UploadStatus[] = ["processing", "ready", "failed"];
const fileState = (status: FileState, reason?: string | null): Pick<UploadItem, "status" | "error"> => ({ status, error: status === "failed" ? (reason ?? undefined) : undefined });

/** Its bytes are sent (or it failed): nothing more to send. */
const FINISHED: UploadStatus[] = ["processing", "ready", "failed"];
export const isFinished = (item: UploadItem) => FINISHED.includes(item.status);
/** Queued or uploading: the page should warn before it is left. */
export const isActive = (item: UploadItem) => item.status === "queued" || item.status === "uploading";

function update(state: QueueState, id: string, change: (item: UploadItem) => UploadItem | null): QueueState {
  if (state.cancelled.has(id)) return state;
  const item = state.items.find((i) => i.id === id);
  if (!item) return state;
  const next = change(item);
  if (next === item) return state;
  return { ...state, items: next ? state.items.map((i) => (i.id === id ? next : i)) : state.items.filter((i) => i.id !== id) };
}

export function queueReducer(state: QueueState, action: QueueAction): QueueState {
  switch (action.type) {
    case "add": {
      const known = new Set(state.items.map((i) => i.id));
      const fresh = action.items.filter((i) => !state.cancelled.has(i.id) && !known.has(i.id));
      return fresh.length ? { ...state, items: [...state.items, ...fresh] } : state;
    }
    case "start":
      return update(state, action.id, (i) => (i.status === "queued" ? { ...i, status: "uploading", percentage: 0, error: undefined } : i));
    case "progress":
      // Held below 100 until the server has assembled the file: 100% means done.
      return update(state, action.id, (i) => {
        if (i.status !== "uploading") return i;
        const percentage = Math.max(0, Math.min(99, Math.floor(action.percentage)));
        return percentage === i.percentage ? i : { ...i, percentage };
      });
    case "complete":
      return update(state, action.id, (i) =>
        i.status === "uploading" ? { ...i, ...fileState(action.state, action.reason), percentage: 100, file: undefined, resume: undefined, videoId: action.videoId, sentAt: action.at } : i,
      );
    case "video": {
      // The server's state of a filed video: every bar of it shows the same.
      let next = state;
      for (const item of state.items) {
        if (item.videoId !== action.videoId || !FILE_STATES.includes(item.status) || action.at < (item.sentAt ?? 0)) continue;
        next = update(next, item.id, (i) => {
          const change = fileState(action.state, action.reason);
          return i.status === change.status && i.error === change.error ? i : { ...i, ...change };
        });
      }
      return next;
    }
    case "refused":
      // A resume the server refused (another file): the upload stays unfinished, for the right file.
      return update(state, action.id, (i) => ((isActive(i) || i.status === "interrupted") && i.unfinished ? { ...i, status: "interrupted", file: undefined, percentage: 0, error: action.error } : i));
    case "fail":
      return update(state, action.id, (i) => {
        if (!isActive(i)) return i;
        // Kept for Retry: the file and the upload the server still holds (its stored parts).
        if (action.retry && i.file) return { ...i, status: "failed", error: action.error, retryable: true, resume: action.retry.upload };
        return { ...i, status: "failed", error: action.error, file: undefined, retryable: false };
      });
    case "retry":
      return update(state, action.id, (i) => (i.status === "failed" && i.retryable && i.file ? { ...i, status: "queued", error: undefined, retryable: false } : i));
    case "attach":
      return update(state, action.id, (i) => (i.status === "interrupted" && !i.unfinished?.expired ? { ...i, status: "queued", file: action.file, error: undefined } : i));
    case "filed":
      return update(state, action.id, (i) => (i.status === "uploading" ? { ...i, status: "filed", percentage: 100, file: undefined, videoId: action.videoId } : i));
    case "keep":
      return update(state, action.id, (i) => (i.status === "filed" ? { ...i, status: "processing" } : i));
    case "cancel": {
      if (state.cancelled.has(action.id)) return state;
      const cancelled = new Set(state.cancelled).add(action.id);
      return { items: state.items.filter((i) => i.id !== action.id), cancelled };
    }
    case "dismiss":
      return update(state, action.id, (i) => (isFinished(i) ? null : i));
    case "clearFinished": {
      const items = state.items.filter((i) => !isFinished(i));
      return items.length === state.items.length ? state : { ...state, items };
    }
  }
}

/** The queued uploads to start now so that at most `limit` run at once, oldest first. */
export function uploadsToStart(state: QueueState, limit: number): UploadItem[] {
  const running = state.items.filter((i) => i.status === "uploading").length;
  return state.items.filter((i) => i.status === "queued" && i.file).slice(0, Math.max(0, limit - running));
}

/** Bytes that queued, running and interrupted uploads will use or already hold in reserve. */
export function pendingBytes(state: QueueState): number {
  return state.items.filter((i) => isActive(i) || i.status === "interrupted").reduce((sum, i) => sum + i.size, 0);
}
