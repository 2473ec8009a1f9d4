// One video's multipart upload, done by Uppy's S3 plugin (headless) over our API: the server opens
// the upload (reserving credits), signs each part, and completes it (charging the stored size and
// filing the video); the browser PUTs the parts straight to storage. Uppy slices the file, sends
// a few parts at a time, retries a failed part with backoff (pausing while the browser is offline),
// and resumes from the stored parts when it is handed an open upload (once the server has checked
// that the picked file is the one the upload was started with: POST /api/uploads/resume). Our own calls (sign, list,
// complete) wait for the network and retry the same way (lib/browser/uploads/network.ts). When a
// failure outlasts the retries and may pass, the server keeps the upload: Retry continues it.
import AwsS3 from "@uppy/aws-s3";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { multipartParts, multipartUppy } from "@/lib/browser/uploads/multipart";
import { tagPartError, uploadErrorMessage } from "@/lib/browser/uploads/errors";
import { isTransient, persist, whenOnline } from "@/lib/browser/uploads/network";
import type { ServerUpload, UploadTarget } from "@/lib/browser/uploads/queue";
import { firstPartSha256 } from "@/lib/browser/uploads/resume";
import { UPLOAD_LIMITS } from "@/lib/limits";
import type { VideoDto } from "@/lib/contract/films";

type Done = { location: string; video: VideoDto };
type CompleteBody = { fileName: string; uploadId: string; parts: { ETag: string; PartNumber: number }[] };

export class UploadFailure extends Error {
  constructor(
    message: string,
    /** Set when trying again may succeed: the upload the server keeps for it (none if it never opened). */
    readonly retry: { upload?: ServerUpload } | null = null,
    /**
     * A resume the server refused: `mismatch`, the picked file is not the one the upload was started
     * with (the upload stays as it was, for the right file); `expired`, it was open past its day
     * (the server ended it: trying again uploads the file afresh).
     */
    readonly refused?: "mismatch" | "expired",
  ) {
    super(message);
  }
}

export type VideoUploadOptions = {
  id: string;
  file: File;
  target: UploadTarget;
  /** An upload the server already holds for this file: continue it. */
  resume?: ServerUpload;
  onProgress: (percentage: number) => void;
  /** The server has opened the upload (the server lists it as unfinished until it ends). */
  onOpened: (upload: ServerUpload) => void;
};

export type VideoUpload = {
  /** The filed video, or null when cancelled; rejects with an UploadFailure (its message is for the studio). */
  done: Promise<VideoDto | null>;
  /**
   * Stops the upload and aborts it on the server, so nothing is charged. Resolves with null once it
   * is cancelled, or with the filed video when the server had already claimed the upload for its
   * completion (a cancel at 99 %): the film is then filed and charged, and the studio decides.
   */
  cancel: () => Promise<VideoDto | null>;
};

const abortOnServer = (u: ServerUpload) => apiCall(doors.uploads.abort, { body: { fileName: u.key, uploadId: u.uploadId } }).catch(() => {});

/**
 * Whether the server can still continue this upload with this file: true when it can (the same file,
 * still open), false when it has gone another way (completed, cancelled…: the file starts afresh).
 * Throws the UploadFailure to show when it refuses the file or the upload has expired.
 */
async function resumable(u: ServerUpload, file: File, signal: AbortSignal): Promise<boolean> {
  try {
    const picked = { name: file.name, size: file.size, lastModified: file.lastModified, firstPartSha256: await firstPartSha256(file) };
    await persist(() => apiCall(doors.uploads.resume, { body: { fileName: u.key, uploadId: u.uploadId, file: picked } }), signal);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "upload_file_mismatch") throw new UploadFailure(error.message, null, "mismatch");
    if (error instanceof ApiError && error.code === "upload_expired") throw new UploadFailure(error.message, { upload: undefined }, "expired");
    if (signal.aborted || isTransient(error)) throw error;
    return false;
  }
}

export function startVideoUpload(opts: VideoUploadOptions): VideoUpload {
  const { file, target } = opts;
  let opened: ServerUpload | undefined = opts.resume;
  let cancelled = false;
  let cancelling: Promise<VideoDto | null> | null = null;
  let failure: unknown;
  // The completion sent to the server (uppy is not waited for: a cancel may destroy it meanwhile).
  let completion: { body: CompleteBody; answer: Promise<{ video: VideoDto }> } | null = null;
  const stop = new AbortController();
  // Which upload and part each signed URL is for, to record the part once storage has it.
  const signed = new Map<string, ServerUpload & { partNumber: number }>();

  const uppy = multipartUppy<Done>(`video-${opts.id}`, "[upload]");
  uppy.use(AwsS3<Record<string, never>, Done>, {
    ...multipartParts(),

    async createMultipartUpload() {
      // Not retried (a lost answer would open a second upload), but never tried while offline.
      await whenOnline(stop.signal);
      // What a resume after a reload must match: the file's time and its first part's bytes.
      const fingerprint = await firstPartSha256(file).catch(() => undefined);
      const res = await apiCall(doors.uploads.start, {
        query: {
          fileName: file.name,
          fileType: file.type,
          fileSize: file.size,
          galleryId: target.galleryId,
          replaceVideoId: target.replaceVideoId,
          keepPrevious: target.keepPrevious ? "true" : undefined,
          lastModified: file.lastModified,
          firstPartSha256: fingerprint,
        },
      });
      opened = { key: res.fileName, uploadId: res.uploadId };
      if (cancelled) {
        // Cancelled while the server was opening it: release it at once.
        await abortOnServer(opened);
        throw new DOMException("Upload cancelled", "AbortError");
      }
      opts.onOpened(opened);
      return opened;
    },

    async signPart(_file, { key, uploadId, partNumber }) {
      const { url } = await persist(() => apiCall(doors.uploads.partUrl, { query: { fileName: key, uploadId, partNumber } }), stop.signal);
      signed.set(url, { key, uploadId, partNumber });
      return { method: "PUT", url };
    },

    async uploadPartBytes(args) {
      const part = signed.get(args.signature.url);
      let result;
      try {
        await whenOnline(stop.signal);
        result = await AwsS3.uploadPartBytes(args);
      } catch (error) {
        throw part ? tagPartError(error, part.partNumber) : error;
      }
      if (part) {
        signed.delete(args.signature.url);
        // The store cannot list parts, so the server keeps them for resume; a miss costs only a re-send.
        await apiCall(doors.uploads.recordPart, {
          body: { fileName: part.key, uploadId: part.uploadId, PartNumber: part.partNumber, ETag: result.ETag, Size: (args.body as Blob).size },
        }).catch(() => {});
      }
      return result;
    },

    async listParts(_file, { key, uploadId }) {
      const { parts } = await persist(() => apiCall(doors.uploads.listParts, { query: { fileName: key, uploadId: uploadId! } }), stop.signal);
      return parts;
    },

    async completeMultipartUpload(_file, { key, uploadId, parts }) {
      const body = { fileName: key, uploadId, parts: parts.map((p) => ({ ETag: p.ETag!, PartNumber: p.PartNumber! })) };
      // Completing twice is safe: the server answers a completed upload with its video.
      const answer = persist(() => apiCall(doors.uploads.complete, { body }), stop.signal);
      completion = { body, answer };
      const { video } = await answer;
      return { location: key, video };
    },

    // Uppy aborts an upload whose part failed for good; we decide instead (see run()): one that may
    // succeed on Retry is kept, the rest and cancelled ones are aborted.
    async abortMultipartUpload() {},
  });

  let video: VideoDto | null = null;
  uppy.on("upload-progress", (_f, p) => {
    if (p.bytesTotal) opts.onProgress((100 * p.bytesUploaded) / p.bytesTotal);
  });
  uppy.on("upload-success", (_f, response) => {
    video = response.body?.video ?? null;
  });
  uppy.on("upload-error", (_f, error) => {
    failure = error;
  });

  async function run(): Promise<VideoDto | null> {
    // An upload the server holds continues only with the file it was started with; a refusal
    // leaves it as it is (nothing aborted), so the right file can still resume it.
    if (opened) {
      try {
        if (!(await resumable(opened, file, stop.signal))) opened = undefined;
      } catch (error) {
        uppy.destroy();
        if (cancelled) return null;
        throw error instanceof UploadFailure ? error : new UploadFailure(uploadErrorMessage(error), isTransient(error) ? { upload: opened } : null);
      }
    }
    try {
      const fileId = uppy.addFile({ name: file.name, type: file.type, data: file, source: "Local" });
      // Uppy asks for the stored parts (listParts), sends only the missing ones and completes; with
      // every part stored it just completes.
      if (opened) uppy.setFileState(fileId, { s3Multipart: { ...opened } } as never);
      if (cancelled) return null;
      await uppy.upload();
    } catch (error) {
      failure ??= error;
    } finally {
      if (!cancelled) uppy.destroy();
    }
    if (cancelled) return null;
    if (video) return video;
    // The parts and the reservation stay for Retry when the failure may pass; otherwise they go.
    if (isTransient(failure)) throw new UploadFailure(uploadErrorMessage(failure), { upload: opened });
    if (opened) await abortOnServer(opened);
    throw new UploadFailure(uploadErrorMessage(failure));
  }

  /** The video the completion filed, or null when it filed none (the server's complete decides). */
  async function filedVideo(): Promise<VideoDto | null> {
    const sent = completion;
    if (!sent) return null;
    try {
      return (await sent.answer).video;
    } catch {
      // Its answer was lost or came before the filing ended: ask again while it is being completed.
      for (const wait of [0, ...UPLOAD_LIMITS.partRetryDelaysMs]) {
        await new Promise((r) => setTimeout(r, wait));
        try {
          return (await apiCall(doors.uploads.complete, { body: sent.body })).video;
        } catch (error) {
          // 409 while it is still being completed; anything but that or a passing failure: none filed.
          if (!(error instanceof ApiError && error.code === "upload_state_conflict") && !isTransient(error)) return null;
        }
      }
      return null;
    }
  }

  async function settleCancel(): Promise<VideoDto | null> {
    if (!opened) return null;
    try {
      await apiCall(doors.uploads.abort, { body: { fileName: opened.key, uploadId: opened.uploadId } });
      return null;
    } catch (error) {
      // 409: the completion claimed the upload before the abort came (the film is, or is being,
      // filed and charged). Anything else ends like a cancel (the sweep removes what is left).
      return error instanceof ApiError && error.code === "upload_state_conflict" ? filedVideo() : null;
    }
  }

  return {
    done: run(),
    cancel() {
      if (cancelling) return cancelling;
      cancelled = true;
      stop.abort();
      uppy.destroy(); // aborts the parts in flight; the upload on the server is aborted next
      cancelling = settleCancel();
      return cancelling;
    },
  };
}
