"use client";
// The studio-wide upload queue. Mounted by the studio layout, so uploads go on while the studio
// moves between pages; at most three run at once; the bars sit at the bottom right.
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, useSyncExternalStore } from "react";
import { useRouter } from "next/navigation";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { BYTES_PER_MB } from "@/lib/format";
import { UPLOAD_LIMITS } from "@/lib/limits";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import { initialQueue, isActive, pendingBytes, queueReducer, uploadsToStart, type ServerUpload, type UploadItem, type UploadTarget } from "@/lib/browser/uploads/queue";
import { isSameFile } from "@/lib/browser/uploads/resume";
import type { VideoUpload } from "@/lib/browser/uploads/video-upload";
import { fileStateOf } from "@/lib/services/films/rules/video-state";
import { galleryVideosQuery } from "@/components/studio/editor/use-gallery-videos";
import { CreditsDialog, type CreditShortfall } from "@/components/studio/uploads/credits-dialog";
import { UploadTray } from "@/components/studio/uploads/upload-tray";

type UploadsValue = {
  items: UploadItem[];
  /** Checks picked or dropped files (videos only, within the credits) and queues them. */
  enqueue: (files: File[], target: UploadTarget) => Promise<void>;
};

const UploadsContext = createContext<UploadsValue | null>(null);

const onConnectivity = (change: () => void) => {
  window.addEventListener("online", change);
  window.addEventListener("offline", change);
  return () => {
    window.removeEventListener("online", change);
    window.removeEventListener("offline", change);
  };
};

/** Whether the browser says it is online (always true on the server). */
function useOnline(): boolean {
  return useSyncExternalStore(
    onConnectivity,
    () => navigator.onLine !== false,
    () => true,
  );
}

export function useUploads(): UploadsValue {
  const value = useContext(UploadsContext);
  if (!value) throw new Error("useUploads needs <UploadProvider>");
  return value;
}

const abortOnServer = (u: ServerUpload) => apiCall(doors.uploads.abort, { body: { fileName: u.key, uploadId: u.uploadId } }).catch(() => {});

// Bar ids for this page's life (crypto.randomUUID needs a secure context; a studio on plain http may not be one).
let nextId = 0;
const newItemId = () => `upload-${Date.now().toString(36)}-${(nextId += 1)}`;

async function availableCreditsMb(): Promise<number | null> {
  try {
    return (await apiCall(doors.accounts.details)).admin.credits;
  } catch {
    return null; // the server checks again when each upload starts
  }
}

const sameTarget = (a: UploadTarget, b: UploadTarget) =>
  a.galleryId === b.galleryId && (a.replaceVideoId ?? null) === (b.replaceVideoId ?? null) && Boolean(a.keepPrevious) === Boolean(b.keepPrevious);

/** The studio's unfinished uploads, as the server lists them (after any reload), as bars to resume or discard. */
async function unfinishedItems(): Promise<UploadItem[]> {
  try {
    const { uploads } = await apiCall(doors.uploads.unfinished);
    return uploads.map((u) => ({
      id: `resume-${u.fileName}`,
      fileName: u.name,
      size: u.size,
      target: { galleryId: u.gallery.id, ...(u.replaceVideoId ? { replaceVideoId: u.replaceVideoId } : {}), ...(u.keepPrevious ? { keepPrevious: true } : {}) },
      status: "interrupted",
      percentage: Math.min(99, Math.floor((100 * u.parts.bytes) / u.size)),
      resume: { key: u.fileName, uploadId: u.uploadId },
      unfinished: { lastModified: u.lastModified, galleryName: u.gallery.name, storedBytes: u.parts.bytes, expiresAt: u.expiresAt, expired: u.expired },
    }));
  } catch {
    return []; // listed again at the next page load
  }
}

export function UploadProvider({ studioId, children }: { studioId: string; children: React.ReactNode }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(queueReducer, initialQueue);
  const [shortfall, setShortfall] = useState<CreditShortfall | null>(null);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const running = useRef(new Map<string, VideoUpload>());
  const opened = useRef(new Map<string, ServerUpload>());
  const launched = useRef(new Set<string>());
  const cancelled = useRef(new Set<string>());

  // The uploads a closed tab, a reload or a crash left unfinished come back from the server as bars
  // that resume when their file is picked again (resumed uploads).
  useEffect(() => {
    let live = true;
    void unfinishedItems().then((items) => {
      const mine = new Set([...opened.current.values()].map((u) => u.key));
      const fresh = items.filter((i) => !mine.has(i.resume!.key));
      if (live && fresh.length) dispatch({ type: "add", items: fresh });
    });
    return () => {
      live = false;
    };
  }, [studioId]);

  // A bar whose bytes are sent follows its film's state on the server: the same query, and so the
  // same state, as the film's card in the library (one state per file everywhere).
  const following = [...new Set(state.items.filter((i) => i.videoId && i.status === "processing").map((i) => i.target.galleryId))];
  const libraries = useQueries({ queries: following.map((galleryId) => galleryVideosQuery(galleryId)) });
  const seen = libraries.map((q) => q.dataUpdatedAt).join(",");
  useEffect(() => {
    for (const { data, dataUpdatedAt } of libraries) {
      for (const video of data ?? []) dispatch({ type: "video", videoId: video._id, state: fileStateOf(video), reason: video.failureReason, at: dataUpdatedAt });
    }
    // Once per fetched answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seen]);

  const launch = useCallback(
    async (item: UploadItem) => {
      let startVideoUpload: typeof import("@/lib/browser/uploads/video-upload").startVideoUpload;
      try {
        ({ startVideoUpload } = await import("@/lib/browser/uploads/video-upload"));
      } catch {
        dispatch({ type: "fail", id: item.id, error: TEXTS.uploadNetworkError }); // the uploader's code did not load
        return;
      }
      if (cancelled.current.has(item.id) || !item.file) return;
      const upload = startVideoUpload({
        id: item.id,
        file: item.file,
        target: item.target,
        resume: item.resume,
        onProgress: (percentage) => dispatch({ type: "progress", id: item.id, percentage }),
        onOpened: (u) => opened.current.set(item.id, u),
      });
      running.current.set(item.id, upload);
      try {
        const video = await upload.done;
        if (!video) return; // cancelled
        opened.current.delete(item.id);
        dispatch({ type: "complete", id: item.id, videoId: video._id, state: fileStateOf(video), reason: video.failureReason, at: Date.now() });
        // The gallery's list (wherever it is shown), a film's versions, and the header's credit balance.
        void queryClient.invalidateQueries({ queryKey: queryKeys.galleryVideos(item.target.galleryId) });
        if (item.target.replaceVideoId) void queryClient.invalidateQueries({ queryKey: queryKeys.versions(item.target.replaceVideoId) });
        router.refresh();
      } catch (error) {
        const failure = error as Error & { retry?: { upload?: ServerUpload } | null; refused?: "mismatch" | "expired" };
        if (failure.refused === "mismatch") {
          // Another file than the one the upload was started with: it stays unfinished, for the right file.
          launched.current.delete(item.id);
          dispatch({ type: "refused", id: item.id, error: failure.message });
          toast.error(failure.message);
          return;
        }
        // A network failure that outlasted the retries: the server keeps the upload so that Retry
        // continues from the stored parts. An expired one: Retry uploads the file afresh.
        const retry = failure.retry ?? null;
        if (!retry) opened.current.delete(item.id);
        dispatch({ type: "fail", id: item.id, error: failure.message || TEXTS.uploadFailed, retry });
      } finally {
        running.current.delete(item.id);
      }
    },
    [queryClient, router],
  );

  // Start queued uploads while fewer than three run, and none while the browser is offline.
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    for (const item of uploadsToStart(state, UPLOAD_LIMITS.concurrentUploads)) {
      if (launched.current.has(item.id)) continue;
      launched.current.add(item.id);
      dispatch({ type: "start", id: item.id });
      void launch(item);
    }
  }, [state, launch, online]);

  // Leaving the page while uploads run: the browser asks first (spec §5).
  const busy = state.items.some(isActive);
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [busy]);

  const enqueue = useCallback(async (files: File[], target: UploadTarget) => {
    const videos = files.filter((f) => f.type.startsWith("video/"));
    if (videos.length < files.length) toast.error(TEXTS.onlyVideoFiles);
    if (!videos.length) return;
    const current = stateRef.current;
    // A file whose upload was left unfinished continues that upload (its credits are reserved).
    const resumes: { id: string; file: File }[] = [];
    const fresh: File[] = [];
    for (const file of videos) {
      const item = current.items.find(
        (i) =>
          i.status === "interrupted" &&
          i.unfinished &&
          !i.unfinished.expired &&
          isSameFile({ name: i.fileName, size: i.size, lastModified: i.unfinished.lastModified }, file) &&
          sameTarget(i.target, target),
      );
      if (item && !resumes.some((r) => r.id === item.id)) resumes.push({ id: item.id, file });
      else fresh.push(file);
    }
    if (fresh.length) {
      const totalMb = fresh.reduce((sum, f) => sum + f.size, 0) / BYTES_PER_MB;
      const credits = await availableCreditsMb();
      if (credits !== null) {
        const availableMb = Math.max(0, credits - pendingBytes(stateRef.current) / BYTES_PER_MB);
        if (totalMb > availableMb) {
          setShortfall({ totalMb, availableMb });
          return;
        }
      }
    }
    for (const r of resumes) {
      launched.current.delete(r.id);
      dispatch({ type: "attach", id: r.id, file: r.file });
    }
    dispatch({
      type: "add",
      items: fresh.map((file) => ({ id: newItemId(), fileName: file.name, size: file.size, target, status: "queued", percentage: 0, file })),
    });
  }, []);

  const cancel = useCallback(
    (id: string) => {
      const item = stateRef.current.items.find((i) => i.id === id);
      if (!item) return;
      cancelled.current.add(id);
      const upload = running.current.get(id);
      if (!upload) {
        // An unfinished upload (Discard): the server aborts it, releasing its credits and removing its parts.
        if (item.resume) void abortOnServer(item.resume);
        opened.current.delete(id);
        dispatch({ type: "cancel", id });
        return;
      }
      // The bar stays until the server answers: a cancel that came after the server claimed the
      // upload for its completion finds the film filed (and charged), and the studio decides.
      void upload.cancel().then((video) => {
        opened.current.delete(id);
        if (!video) return dispatch({ type: "cancel", id });
        dispatch({ type: "filed", id, videoId: video._id });
        void queryClient.invalidateQueries({ queryKey: queryKeys.galleryVideos(item.target.galleryId) });
        router.refresh();
      });
    },
    [queryClient, router],
  );

  /** A film filed by a cancel that came too late: Keep makes it a completed upload. */
  const keep = useCallback((id: string) => dispatch({ type: "keep", id }), []);

  /** …and Delete deletes it as any film is deleted (which gives back its credits per the usual rules). */
  const removeFiled = useCallback(
    async (id: string) => {
      const item = stateRef.current.items.find((i) => i.id === id);
      if (!item?.videoId) return;
      try {
        await apiCall(doors.videos.remove, { params: { videoId: item.videoId } });
      } catch (e) {
        toast.error((e as Error).message);
        return;
      }
      dispatch({ type: "cancel", id });
      toast.success(TEXTS.uploadFiledDeleted(item.fileName));
      void queryClient.invalidateQueries({ queryKey: queryKeys.galleryVideos(item.target.galleryId) });
      router.refresh();
    },
    [queryClient, router],
  );

  /** Retry of a failed upload: it starts again, continuing the server's upload when there is one. */
  const retry = useCallback((id: string) => {
    launched.current.delete(id);
    dispatch({ type: "retry", id });
  }, []);

  /** A failed upload kept for Retry holds a reservation on the server: letting it go releases it. */
  const release = useCallback((item: UploadItem) => {
    if (!item.retryable) return;
    if (item.resume) void abortOnServer(item.resume);
    opened.current.delete(item.id);
  }, []);

  const dismiss = useCallback(
    (id: string) => {
      const item = stateRef.current.items.find((i) => i.id === id);
      if (item) release(item);
      dispatch({ type: "dismiss", id });
    },
    [release],
  );

  const clearFinished = useCallback(() => {
    for (const item of stateRef.current.items) if (item.status === "failed") release(item);
    dispatch({ type: "clearFinished" });
  }, [release]);

  /**
   * The file picked for an unfinished bar: the same file resumes it (the server checks its first
   * part's bytes too); another is refused with the reason. An expired one is discarded and the file
   * uploaded afresh.
   */
  const resumeWith = useCallback(
    (id: string, file: File) => {
      const item = stateRef.current.items.find((i) => i.id === id);
      if (!item?.unfinished) return;
      if (item.unfinished.expired) {
        cancel(id);
        void enqueue([file], item.target);
        return;
      }
      if (isSameFile({ name: item.fileName, size: item.size, lastModified: item.unfinished.lastModified }, file)) {
        launched.current.delete(id);
        dispatch({ type: "attach", id, file });
        return;
      }
      dispatch({ type: "refused", id, error: TEXTS.resumeWrongFile(item.fileName) });
      toast.error(TEXTS.resumeWrongFile(item.fileName));
    },
    [cancel, enqueue],
  );

  const value = useMemo(() => ({ items: state.items, enqueue }), [state.items, enqueue]);
  return (
    <UploadsContext.Provider value={value}>
      {children}
      <UploadTray
        items={state.items}
        online={online}
        onCancel={cancel}
        onDismiss={dismiss}
        onClearFinished={clearFinished}
        onResume={resumeWith}
        onRetry={retry}
        onKeep={keep}
        onDelete={removeFiled}
      />
      <CreditsDialog shortfall={shortfall} onClose={() => setShortfall(null)} />
    </UploadsContext.Provider>
  );
}
