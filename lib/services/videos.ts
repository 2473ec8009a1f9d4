// A gallery's videos, always scoped to the acting studio, and the one owner of a video's lifecycle:
//
//   filed (a completed upload becomes a video) ─┐
//   replaced (a new file for a video) ──────────┤
//   imported (a film of a studio's export) ─────┼─▶ PROCESSING ─▶ READY, optimizing ─▶ READY
//   retried (a failed video, by its studio) ────┘        │        (playable: a stream    (the whole
//                                                        │         copy or a first rung)  HLS ladder)
//                                                        └─▶ FAILED (a rejected file: never retried;
//                                                                    a processing error or a failed
//                                                                    check: retryable)
//
// Every transition is written here. lib/media does the ffmpeg work and returns facts and keys; the
// worker's registry (lib/worker/jobs.ts) calls processVideo / failVideo.
import "server-only";
import { db, type Tx } from "@/lib/db";
import { invalidatePublicGallery } from "@/lib/services/public-cache";
import { AppError, notFound } from "@/lib/errors";
import { parseCuePoint } from "@/lib/cue";
import { TEXTS } from "@/lib/texts";
import { mediaUrl } from "@/lib/storage/urls";
import { isKeyUnder, prefixOf } from "@/lib/storage/keys";
import { RETRYABLE_FAILURES, videoView } from "@/lib/services/gallery-views";
import { deleteDerivedObjects, deleteObject, objectSize } from "@/lib/storage/objects";
import { downloadFileName, signedDownloadUrl } from "@/lib/storage/downloads";
import { enqueue, MalformedJobError } from "@/lib/jobs/queue";
import { videoJob, type PayloadOf } from "@/lib/jobs/kinds";
import * as credits from "@/lib/services/credits";
import {
  browserPlayable,
  localSource,
  MediaError,
  renditionSettings,
  storeMaster,
  storeRungs,
  storeStreamCopy,
  storeThumbnail,
  thumbnailTime,
  withSourceFile,
  type SourceFile,
} from "@/lib/media/process-video";
import { ladderFor, RenditionCheckError } from "@/lib/media/ladder";
import { discardRun, Gone, publish, type Published } from "@/lib/services/video-publish";
import { shouldChunk, startChunkedLadder } from "@/lib/services/video-chunks";
import { log, stopwatch, type Stopwatch } from "@/lib/log";
import type { Actor } from "@/lib/auth/actor";
import type { Upload, Video } from "@/generated/prisma/client";

/** The video as the API shows it: one shape for every call (lib/services/gallery-views.ts). */
export { videoView };

/** Why a file is refused as a video: each has its text in TEXTS.videoFailure. */
export type Rejection = "empty" | "unreadable" | "image" | "audio-only" | "no-video" | "no-duration" | "damaged" | "unsupported";
/** Video.failureCode: a rejection, or "processing" (the queue's last try failed) or "check" (its
 *  renditions failed the pre-flight check), both retryable. */
export type FailureCode = Rejection | "processing" | "check";
const RETRYABLE = RETRYABLE_FAILURES;

const FAILURE_TEXT: Record<FailureCode, string> = {
  empty: TEXTS.videoFailure.empty,
  unreadable: TEXTS.videoFailure.unreadable,
  image: TEXTS.videoFailure.image,
  "audio-only": TEXTS.videoFailure.audioOnly,
  "no-video": TEXTS.videoFailure.noVideo,
  "no-duration": TEXTS.videoFailure.noDuration,
  damaged: TEXTS.videoFailure.damaged,
  unsupported: TEXTS.videoFailure.unsupported,
  processing: TEXTS.videoFailure.processing,
  check: TEXTS.videoFailure.check,
};

/** Back to PROCESSING: the one place the "waiting for the worker" fields are written. */
const PROCESSING_AGAIN = { status: "PROCESSING", failureReason: null, failureCode: null } as const;
/** A new file (filed or replaced): processing again, and nothing known of it yet. */
const NEW_FILE = {
  ...PROCESSING_AGAIN,
  durationSec: null,
  width: null,
  height: null,
  videoCodec: null,
  audioCodec: null,
  bitrate: null,
  thumbnailKey: null,
  streamKey: null,
  hlsKey: null,
  optimizing: false,
  processedAt: null,
} as const;

/** A video just filed or given a new file, and the row as it was before (a replace), for afterFiling. */
export type Filed = { video: Video; replaced: Video | null };
type FiledUpload = Pick<Upload, "id" | "key" | "adminId" | "galleryId" | "replaceVideoId">;

/** Filed: a completed upload becomes a new PROCESSING video (inside the caller's transaction). */
export async function fileVideo(tx: Tx, upload: FiledUpload, sizeBytes: bigint, title: string): Promise<Filed> {
  const video = await tx.video.create({
    data: { ...NEW_FILE, title, storageKey: upload.key, sizeBytes, galleryId: upload.galleryId!, adminId: upload.adminId },
  });
  await tx.upload.update({ where: { id: upload.id }, data: { videoId: video.id } });
  return { video, replaced: null };
}

/** Replaced: the video gets the upload's file and is processed again; null when the video is gone. */
export async function replaceVideoFile(tx: Tx, videoId: string, upload: FiledUpload, sizeBytes: bigint): Promise<Filed | null> {
  const old = await tx.video.findFirst({ where: { id: videoId, adminId: upload.adminId } });
  if (!old) return null;
  const video = await tx.video.update({ where: { id: old.id }, data: { ...NEW_FILE, storageKey: upload.key, sizeBytes } });
  await tx.upload.update({ where: { id: upload.id }, data: { videoId: video.id } });
  return { video, replaced: old };
}

/** A completed video upload filed: a new file for the video it replaces (while that exists), else a new video. */
export async function fileUploadedVideo(tx: Tx, upload: FiledUpload, sizeBytes: bigint, title: string): Promise<Filed> {
  const replaced = upload.replaceVideoId ? await replaceVideoFile(tx, upload.replaceVideoId, upload, sizeBytes) : null;
  return replaced ?? fileVideo(tx, upload, sizeBytes, title);
}

/** A film of a studio's export, its file stored (lib/services/studio-import.ts); `sizeBytes` is the stored file's size. */
export type ImportedVideo = Pick<Video, "id" | "adminId" | "galleryId" | "title" | "storageKey" | "sizeBytes" | "cuePoint" | "createdAt">;

/**
 * Imported: each film comes in as a completed upload's does, a new file PROCESSING until the worker
 * has probed and processed it (READY with what it measured, or FAILED with its failureCode), inside
 * the import's transaction. What the archive says of the film beyond its title, cue point and date
 * (its status, duration, size, picture, codecs, views, renditions) is a file anyone can edit: none
 * of it is taken, and its views start at 0. A cue point the cue point door would refuse is dropped.
 */
export async function fileImportedVideos(tx: Tx, videos: ImportedVideo[]): Promise<void> {
  await tx.video.createMany({
    data: videos.map((v) => ({ ...v, cuePoint: v.cuePoint && parseCuePoint(v.cuePoint) !== null ? v.cuePoint : null, ...NEW_FILE, views: 0 })),
  });
}

/**
 * Queues a video for processing (a duplicate of a queued job is dropped). The file is filed
 * already: a queue that is down only delays it, as a worker's start-up sweep picks it up.
 */
async function queueProcessing(payload: PayloadOf<typeof videoJob>): Promise<void> {
  try {
    await enqueue(videoJob, payload);
  } catch (e) {
    if (e instanceof MalformedJobError) throw e;
    log().warn({ err: e, videoId: payload.videoId }, "could not queue video; a worker's start-up sweep will pick it up");
  }
}

/** After the import committed: the worker is asked for each imported film (a starting worker queues any it missed). */
export async function afterImport(videoIds: string[]): Promise<void> {
  for (const videoId of videoIds) await queueProcessing({ videoId });
}

/** After the filing committed: the replaced file and its renditions go, the public page is refreshed, the worker is asked. */
export async function afterFiling({ video, replaced }: Filed): Promise<void> {
  if (replaced) {
    await removeVideoObjects(replaced.storageKey, replaced.thumbnailKey);
    await invalidatePublicGallery(video.galleryId);
  }
  await queueProcessing({ videoId: video.id });
}

/** Removes a video's file and everything derived from it (thumbnail, renditions). */
export async function removeVideoObjects(storageKey: string, thumbnailKey: string | null) {
  await Promise.all([deleteObject(storageKey).catch(() => {}), thumbnailKey ? deleteObject(thumbnailKey).catch(() => {}) : null, deleteDerivedObjects(storageKey).catch(() => {})]);
}

/** What makes a stored file unacceptable as a video, from the facts lib/media read; null when it is one. */
export function rejectionOf(src: Pick<SourceFile, "sizeBytes" | "facts" | "truncated" | "imageFormat">): Rejection | null {
  if (src.sizeBytes === 0) return "empty";
  const facts = src.facts;
  if (!facts) return src.truncated ? "damaged" : "unreadable";
  if (src.imageFormat || (facts.video?.frames !== null && facts.video?.frames !== undefined && facts.video.frames <= 1)) return "image";
  if (!facts.video) return facts.audioCodec ? "audio-only" : "no-video";
  if (src.truncated) return "damaged";
  if (!(facts.durationSec !== null && facts.durationSec > 0)) return "no-duration";
  return null;
}

/** A failure code that rejects the file itself (not the queue giving up on it, nor a failed check). */
const isRejection = (code: string | null) => code !== null && !RETRYABLE.has(code);

/**
 * FAILED with the reason, if the video still has the file that failed. A file rejected as not a video
 * is deleted and the charge of its upload returned (once: credits.refund), in the transaction that
 * records the failure: the studio keeps nothing, and pays nothing, for a file that can never play.
 */
async function recordFailure(video: Video, code: FailureCode): Promise<"failed" | "gone"> {
  const outcome = await db.$transaction(async (tx) => {
    const saved = await tx.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: { status: "FAILED", failureCode: code, failureReason: FAILURE_TEXT[code] } });
    if (saved.count !== 1) return "gone" as const;
    if (RETRYABLE.has(code)) return "failed" as const;
    const upload = await tx.upload.findFirst({ where: { key: video.storageKey, adminId: video.adminId, kind: "video", status: "COMPLETED" }, select: { id: true, fileName: true } });
    if (!upload || !(await credits.refund(tx, upload.id, TEXTS.videoFailure.refundPurpose(upload.fileName)))) return "failed" as const;
    await tx.video.update({ where: { id: video.id }, data: { failureReason: `${FAILURE_TEXT[code]} ${TEXTS.videoFailure.refunded}` } });
    return "refunded" as const;
  });
  if (outcome === "refunded") {
    await deleteObject(video.storageKey).catch((err) => log().warn({ err, key: video.storageKey }, "could not delete a rejected file; its credits were returned"));
  }
  return outcome === "gone" ? "gone" : "failed";
}

/** FAILED with the reason, but the file kept and Retry offered: its renditions failed the pre-flight check. */
async function recordCheckFailure(video: Video, err: Error): Promise<"failed" | "gone"> {
  log().warn({ err, videoId: video.id }, "renditions failed the pre-flight check");
  return recordFailure(video, "check");
}

/**
 * Playable first, optimised later (issue 20). A source browsers play as it is is published with
 * its stream copy at once (READY, optimizing), its ladder encoded meanwhile (a long film's in
 * chunks, after the copy); any other gets its first rung first, published as soon as it passed the
 * check, then the rest of the ladder in one more run. Each stage is published with a new master
 * playlist. Once playable, a failure of the ladder leaves the video playable as it is.
 */
async function makePlayable(video: Video, src: SourceFile, dir: string, base: Published, ladder: number[], sw: Stopwatch): Promise<"ready" | "failed" | "gone" | { rejection: Rejection }> {
  const facts = src.facts!;
  const heights = ladderFor(facts.video!.height, ladder);
  const audio = facts.audioCodec !== null;
  let playable = false;
  const chunked = shouldChunk(facts);
  try {
    if (browserPlayable(src) && !chunked) {
      // A film browsers play as it is, short enough for one run: its ladder is encoded at once, from
      // the original read by ranges, while its stream copy is made and published (READY,
      // optimizing); the whole ladder is then ready sooner by the copy's time.
      const encoding = storeRungs(src, dir, heights, { audio, sw });
      const copying = storeStreamCopy(src, dir).then(async (copy) => {
        if (copy) {
          await publish(video, { ...base, streamKey: copy.key, hlsKey: null, optimizing: true });
          playable = true;
        }
      });
      // Both are awaited before anything is decided: nothing runs on once the job has an outcome.
      const [rungs, copied] = await Promise.allSettled([encoding, copying]);
      if (copied.status === "rejected") throw copied.reason;
      if (rungs.status === "rejected") throw rungs.reason;
      const hlsKey = await storeMaster(src, dir, rungs.value, { audio });
      await publish(video, playable ? { hlsKey, optimizing: false } : { ...base, streamKey: null, hlsKey, optimizing: false });
      sw.lap("master");
      return "ready";
    }
    const copy = browserPlayable(src) ? await storeStreamCopy(src, dir) : null;
    if (copy) {
      await publish(video, { ...base, streamKey: copy.key, hlsKey: null, optimizing: true });
      playable = true;
      sw.lap("streamCopy");
    }
    // The ladder decodes the whole picture: from the local stream copy (the same picture and sound),
    // else from the original, downloaded once.
    src = copy?.file ? { ...src, path: copy.file } : await localSource(src, dir);
    sw.lap("download");
    // A long film's (remaining) rungs are encoded in chunks by any worker, joined when all are done.
    if (playable && chunked) {
      await startChunkedLadder(video, src, dir, heights, { encodeAudio: audio, published: [] });
      return "ready";
    }
    // Without a stream copy the first rung comes first, alone (with the sound), and is published.
    const rungs = await storeRungs(src, dir, playable ? heights : heights.slice(0, 1), { audio, sw });
    if (!playable) {
      const rest = heights.slice(1);
      await publish(video, { ...base, streamKey: null, hlsKey: await storeMaster(src, dir, rungs, { audio }), optimizing: rest.length > 0 });
      playable = true;
      sw.lap("firstRungPublished");
      if (rest.length === 0) return "ready";
      if (chunked) {
        await startChunkedLadder(video, src, dir, rest, { encodeAudio: false, published: rungs });
        return "ready";
      }
      rungs.push(...(await storeRungs(src, dir, rest, { audio: false, sw })));
    }
    await publish(video, { hlsKey: await storeMaster(src, dir, rungs, { audio }), optimizing: false });
    sw.lap("master");
    return "ready";
  } catch (e) {
    if (e instanceof Gone) {
      await discardRun(video.storageKey);
      return "gone";
    }
    if (!(e instanceof MediaError || e instanceof RenditionCheckError)) throw e;
    if (!playable) return e instanceof MediaError ? { rejection: "unsupported" } : recordCheckFailure(video, e);
    // It plays (its stream copy or first rung): the ladder's failure costs quality, not playback.
    log().warn({ err: e, videoId: video.id }, "the HLS ladder could not be finished; the video plays as published");
    await db.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: { optimizing: false } });
    return "ready";
  }
}

/**
 * Processes one video: READY with its facts, thumbnail and renditions (playable as early as it can
 * be: makePlayable), or FAILED with a reason the studio can act on (a file that is not a playable
 * video is rejected, never retried). Anything else (the store or the database unreachable) is thrown
 * for the queue to retry. Every outcome is written only while the video still has the file
 * processed (conditional updates); when it was deleted or replaced meanwhile, whatever this run
 * stored is removed ("gone"). A delete landing after an update finds the renditions recorded and
 * removes them itself.
 */
export async function processVideo(videoId: string, { thumbnailOnly = false } = {}): Promise<"ready" | "failed" | "gone"> {
  const video = await db.video.findUnique({ where: { id: videoId } });
  if (!video) return "gone";
  // A file rejected as not a video stays rejected (it was deleted and refunded): only Replace helps.
  if (video.status === "FAILED" && isRejection(video.failureCode)) return "failed";
  const settings = renditionSettings();
  // A replaced or never-finished video always gets the full treatment.
  const onlyThumb = thumbnailOnly && video.status === "READY" && !video.optimizing && (video.hlsKey !== null || !settings.enabled);
  const sw = stopwatch();
  const outcome = await withSourceFile(video.storageKey, async (src, dir) => {
    sw.lap("facts");
    const rejection = rejectionOf(src);
    if (rejection) return { rejection };
    const facts = src.facts!;
    let thumbnailKey: string;
    try {
      thumbnailKey = await storeThumbnail(src, dir, thumbnailTime(video.cuePoint, facts.durationSec!));
    } catch (e) {
      if (e instanceof MediaError) return { rejection: "damaged" as const };
      throw e;
    }
    sw.lap("thumbnail");
    const base: Published = {
      durationSec: facts.durationSec,
      width: facts.video!.width,
      height: facts.video!.height,
      videoCodec: facts.video!.codec || null,
      audioCodec: facts.audioCodec,
      bitrate: facts.bitrate,
      thumbnailKey,
    };
    try {
      if (onlyThumb) return await publish(video, base).then(() => "ready" as const);
      if (!settings.enabled) return await publish(video, { ...base, streamKey: null, hlsKey: null, optimizing: false }).then(() => "ready" as const);
    } catch (e) {
      if (!(e instanceof Gone)) throw e;
      await discardRun(video.storageKey);
      return "gone" as const;
    }
    return makePlayable(video, src, dir, base, settings.ladder, sw);
  });
  // Where the time went (facts, thumbnail, streamCopy, download, encode, check, store, master …).
  log().info({ videoId, ms: sw.ms }, "video processing steps");
  if (typeof outcome === "object") return recordFailure(video, outcome.rejection);
  return outcome;
}

/** After the queue's last retry: the studio sees that it failed and may retry. A ready video stays ready. */
export async function failVideo(videoId: string) {
  // A rejected file keeps its own reason: the queue giving up on it says nothing new.
  await db.video.updateMany({
    where: { id: videoId, status: { not: "READY" }, OR: [{ failureCode: null }, { failureCode: { in: [...RETRYABLE] } }] },
    data: { status: "FAILED", failureCode: "processing", failureReason: FAILURE_TEXT.processing },
  });
  // A video that plays already stays as it was published; it is just no longer being optimised.
  await db.video.updateMany({ where: { id: videoId, status: "READY", optimizing: true }, data: { optimizing: false } });
}

/** Videos waiting for the worker (filed while the queue was down): a starting worker queues them. */
export async function videosAwaitingProcessing(limit = 1000): Promise<string[]> {
  const rows = await db.video.findMany({ where: { status: "PROCESSING" }, select: { id: true }, take: limit });
  return rows.map((r) => r.id);
}

async function ownVideo(actor: Actor, id: string) {
  const video = await db.video.findFirst({ where: { id, adminId: actor.id } });
  if (!video) throw notFound();
  return video;
}

/** A completed upload of this studio into this gallery, not yet filed under another video. */
async function completedUpload(actor: Actor, key: string, galleryId: string) {
  const upload = await db.upload.findFirst({ where: { key, adminId: actor.id, galleryId, kind: "video", status: "COMPLETED" } });
  if (!upload) throw new AppError("VALIDATION", "That file is not a finished upload of this gallery.");
  return upload;
}

/** POST videos/createVideo. Idempotent: the complete call files the video already; this names it. */
export async function createVideo(actor: Actor, input: { title: string; url: string; galleryId: string }) {
  const gallery = await db.gallery.findFirst({ where: { id: input.galleryId, adminId: actor.id }, select: { id: true } });
  if (!gallery) throw notFound();
  const existing = await db.video.findFirst({ where: { storageKey: input.url, adminId: actor.id, galleryId: gallery.id } });
  if (existing) return videoView(await db.video.update({ where: { id: existing.id }, data: { title: input.title } }));
  const upload = await completedUpload(actor, input.url, gallery.id);
  const filed = await db.$transaction((tx) => fileVideo(tx, { ...upload, replaceVideoId: null }, upload.chargedBytes, input.title));
  await afterFiling(filed);
  return videoView(filed.video);
}

/** PUT videos/updateVideo/{id}: a new file (url), title, thumbnail or cue point. */
export async function updateVideo(actor: Actor, id: string, input: { url?: string; title?: string; thumbnail?: string | null; cuePoint?: string }) {
  const video = await ownVideo(actor, id);
  if (input.url !== undefined && input.url !== video.storageKey) {
    const upload = await completedUpload(actor, input.url, video.galleryId);
    const filed = await db.$transaction((tx) => replaceVideoFile(tx, id, upload, upload.chargedBytes));
    if (!filed) throw notFound();
    await afterFiling(filed);
    return videoView(filed.video);
  }
  const data: Partial<Pick<Video, "title" | "thumbnailKey" | "cuePoint">> = {};
  if (input.title !== undefined) data.title = input.title;
  if (input.cuePoint !== undefined) {
    const seconds = parseCuePoint(input.cuePoint);
    if (seconds === null) throw new AppError("VALIDATION", "The cue point must be h:m:s, m:s or seconds.");
    if (video.durationSec !== null && seconds > video.durationSec) throw new AppError("VALIDATION", "The cue point is beyond the end of the video.");
    data.cuePoint = input.cuePoint;
  }
  if (input.thumbnail !== undefined) {
    if (input.thumbnail !== null) {
      if (!isKeyUnder(prefixOf(video.storageKey), input.thumbnail) || (await objectSize(input.thumbnail)) === null) {
        throw new AppError("VALIDATION", "The thumbnail must be an uploaded file of this gallery.");
      }
    }
    data.thumbnailKey = input.thumbnail;
  }
  const updated = await db.video.update({ where: { id }, data });
  // A new cue point makes a new thumbnail (spec §9: captured at the cue point).
  if (data.cuePoint !== undefined && data.cuePoint !== video.cuePoint) await queueProcessing({ videoId: id, thumbnailOnly: true });
  await invalidatePublicGallery(video.galleryId);
  return videoView(updated);
}

/** DELETE videos/deleteVideo/{id}: the row, its chapters and showcase entries, and its objects. */
export async function deleteVideo(actor: Actor, id: string) {
  const video = await ownVideo(actor, id);
  // Caption files live beside the video's, not under it (a replaced file keeps its captions).
  const captionKeys = (await db.caption.findMany({ where: { videoId: video.id, adminId: actor.id }, select: { storageKey: true } })).map((c) => c.storageKey);
  await db.video.delete({ where: { id: video.id } });
  await removeVideoObjects(video.storageKey, video.thumbnailKey);
  await Promise.all(captionKeys.map((key) => deleteObject(key).catch(() => {})));
  await invalidatePublicGallery(video.galleryId);
  return { message: "Video deleted" };
}

/** GET videos/videoThumb/{id} */
export async function videoThumb(actor: Actor, id: string) {
  const video = await ownVideo(actor, id);
  return { thumbnail: mediaUrl(video.thumbnailKey), status: video.status };
}

/** POST videos/retryVideo/{id}: retried — a video whose processing failed goes back to the worker. */
export async function retryVideo(actor: Actor, id: string) {
  const video = await ownVideo(actor, id);
  if (video.status !== "FAILED") throw new AppError("CONFLICT", "Only a video whose processing failed can be retried.");
  if (isRejection(video.failureCode)) throw new AppError("CONFLICT", TEXTS.videoFailure.notRetryable);
  const moved = await db.video.updateMany({ where: { id, status: "FAILED", storageKey: video.storageKey }, data: PROCESSING_AGAIN });
  if (moved.count === 0) throw new AppError("CONFLICT", "Only a video whose processing failed can be retried.");
  await queueProcessing({ videoId: id });
  return videoView(await db.video.findUniqueOrThrow({ where: { id } }));
}

/** GET videos/download/{id}: a short-lived address of the original file, named after the title. */
export async function originalDownloadUrl(actor: Actor, id: string): Promise<string> {
  const video = await ownVideo(actor, id);
  return signedDownloadUrl(video.storageKey, downloadFileName(video.title, video.storageKey));
}
