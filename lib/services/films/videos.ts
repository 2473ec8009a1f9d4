// A gallery's videos as the studio works on them, always scoped to the acting studio, and the first
// half of a video's lifecycle: every way a file comes to be processed.
//
//   filed (a completed upload becomes a video) ─┐
//   replaced (a new file for a video) ──────────┤
//   imported (a film of a studio's export) ─────┼─▶ PROCESSING ─▶ the worker's: READY or FAILED
//   retried (a failed video, by its studio) ────┘                 (lib/services/films/video-processing.ts)
//
// Every transition into PROCESSING is written here, and the worker is asked (videoJob).
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { invalidatePublicGallery } from "@/lib/services/public";
import { AppError, notFound } from "@/lib/errors";
import { parseCuePoint } from "@/lib/services/films/rules/cue";
import { TEXTS } from "@/lib/texts";
import { mediaUrl } from "@/lib/storage/urls";
import { isKeyUnder, prefixOf } from "@/lib/storage/keys";
import { isRejection, videoView } from "@/lib/services/galleries";
import { deleteDerivedObjects, deleteObject, objectSize } from "@/lib/storage/objects";
import { downloadFileName, signedDownloadUrl } from "@/lib/storage/downloads";
import { enqueue, MalformedJobError } from "@/lib/jobs/queue";
import { videoJob, type PayloadOf } from "@/lib/jobs/kinds";
import { turnOf } from "@/lib/services/films/video-ladder";
import { keepVersion, removeVersionObjects } from "@/lib/services/films/video-versions";
import { log } from "@/lib/log";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Upload, Video } from "@/generated/prisma/client";

/** The video as the API shows it: one shape for every call (lib/services/galleries/gallery-views.ts). */
export { videoView };

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
  frameRate: null,
  thumbnailKey: null,
  streamKey: null,
  hlsKey: null,
  optimizing: false,
  processedAt: null,
} as const;

/**
 * A video just filed or given a new file, and the row as it was before (a replace) for afterFiling:
 * `replaced` is the file to remove, null when there was none or it was kept as an earlier version.
 */
export type Filed = { video: Video; replaced: Video | null; kept?: boolean };
type FiledUpload = Pick<Upload, "id" | "key" | "adminId" | "galleryId" | "replaceVideoId">;

/** Filed: a completed upload becomes a new PROCESSING video (inside the caller's transaction). */
async function fileVideo(tx: Tx, upload: FiledUpload, sizeBytes: bigint, title: string): Promise<Filed> {
  const video = await tx.video.create({
    data: { ...NEW_FILE, title, storageKey: upload.key, sizeBytes, galleryId: upload.galleryId!, adminId: upload.adminId },
  });
  await tx.upload.update({ where: { id: upload.id }, data: { videoId: video.id } });
  return { video, replaced: null };
}

/**
 * Replaced: the video gets the upload's file and is processed again; null when the video is gone.
 * A file that was READY (guests could watch, comment on and approve it) is a cut: its replacement is
 * the film's next version, so comments stay on the cut they were made on and an approval
 * of the old cut does not open the new one's download. Replacing a file that never played keeps the
 * version. With `keep` (Upload new version) a READY cut stays as an earlier version
 * (lib/services/films/video-versions.ts) instead of being deleted (Replace, spec §4).
 */
export async function replaceVideoFile(tx: Tx, videoId: string, upload: FiledUpload, sizeBytes: bigint, keep = false): Promise<Filed | null> {
  // Locked: two new versions filed at once number themselves one after the other.
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Video" WHERE id = ${videoId}::uuid AND "adminId" = ${upload.adminId}::uuid FOR UPDATE`;
  const old = locked ? await tx.video.findUnique({ where: { id: locked.id } }) : null;
  if (!old) return null;
  const cut = old.status === "READY";
  const version = cut ? old.version + 1 : old.version;
  const kept = keep && cut;
  if (kept) await keepVersion(tx, old);
  // The preview (Paid delivery) was of the old file: no longer served. Its objects go with the replaced
  // file's derived ones (afterFiling); a kept version's are swept (storage-sweep.ts: no row names them).
  const noPreview = { previewKey: null, previewStamp: null, previewAt: null, previewThumbKey: null };
  const video = await tx.video.update({ where: { id: old.id }, data: { ...NEW_FILE, ...noPreview, storageKey: upload.key, sizeBytes, version, versionAt: new Date() } });
  await tx.upload.update({ where: { id: upload.id }, data: { videoId: video.id } });
  return { video, replaced: kept ? null : old, kept };
}

/** A completed video upload filed: a new file for the video it replaces (while that exists; kept as a version when asked), else a new video. */
export async function fileUploadedVideo(tx: Tx, upload: FiledUpload & Pick<Upload, "keepPrevious">, sizeBytes: bigint, title: string): Promise<Filed> {
  const replaced = upload.replaceVideoId ? await replaceVideoFile(tx, upload.replaceVideoId, upload, sizeBytes, upload.keepPrevious) : null;
  return replaced ?? fileVideo(tx, upload, sizeBytes, title);
}

/** A film of a studio's export, its file stored (lib/services/data/studio-import.ts); `sizeBytes` is the stored file's size. */
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
    // In its studio's turn: behind the studio's other films waiting, ahead of nobody else's.
    const video = await db.video.findUnique({ where: { id: payload.videoId }, select: { id: true, adminId: true } });
    await enqueue(videoJob, { ...payload, turn: video ? await turnOf(video, "playable") : 0 });
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
export async function afterFiling({ video, replaced, kept }: Filed): Promise<void> {
  if (replaced) await removeVideoObjects(replaced.storageKey, replaced.thumbnailKey);
  if (replaced || kept) await invalidatePublicGallery(video.galleryId);
  await queueProcessing({ videoId: video.id });
}

/** Removes a video's file and everything derived from it (thumbnail, renditions). */
export async function removeVideoObjects(storageKey: string, thumbnailKey: string | null) {
  await Promise.all([deleteObject(storageKey).catch(() => {}), thumbnailKey ? deleteObject(thumbnailKey).catch(() => {}) : null, deleteDerivedObjects(storageKey).catch(() => {})]);
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
  const versions = await db.videoVersion.findMany({ where: { videoId: video.id, adminId: actor.id }, select: { storageKey: true, thumbnailKey: true } });
  await db.video.delete({ where: { id: video.id } });
  await removeVideoObjects(video.storageKey, video.thumbnailKey);
  await removeVersionObjects(versions);
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
