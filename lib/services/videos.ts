// A gallery's videos: always scoped to the acting studio.
import "server-only";
import { db } from "@/lib/db";
import { invalidatePublicGallery } from "@/lib/services/public-cache";
import { AppError, notFound } from "@/lib/errors";
import { parseCuePoint } from "@/lib/cue";
import { mediaUrl } from "@/lib/storage/urls";
import { videoView } from "@/lib/services/gallery-views";
import { objectSize } from "@/lib/storage/objects";
import { downloadFileName, signedDownloadUrl } from "@/lib/storage/downloads";
import { removeVideoObjects } from "@/lib/services/uploads";
import { enqueueVideo } from "@/lib/jobs/queue";
import type { Actor } from "@/lib/auth/actor";
import type { Video } from "@/generated/prisma/client";

/** The video as the API shows it: one shape for every call (lib/services/gallery-views.ts). */
export { videoView };

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
  const video = await db.video.create({
    data: { title: input.title, storageKey: upload.key, sizeBytes: upload.chargedBytes, galleryId: gallery.id, adminId: actor.id, status: "PROCESSING" },
  });
  await db.upload.update({ where: { id: upload.id }, data: { videoId: video.id } });
  await enqueueVideo({ videoId: video.id });
  return videoView(video);
}

/** PUT videos/updateVideo/{id}: a new file (url), title, thumbnail or cue point. */
export async function updateVideo(actor: Actor, id: string, input: { url?: string; title?: string; thumbnail?: string | null; cuePoint?: string }) {
  const video = await ownVideo(actor, id);
  if (input.url !== undefined && input.url !== video.storageKey) {
    const upload = await completedUpload(actor, input.url, video.galleryId);
    const updated = await db.video.update({
      where: { id },
      data: { storageKey: upload.key, sizeBytes: upload.chargedBytes, thumbnailKey: null, status: "PROCESSING", durationSec: null, width: null, height: null, failureReason: null },
    });
    await db.upload.update({ where: { id: upload.id }, data: { videoId: id } });
    await removeVideoObjects(video.storageKey, video.thumbnailKey);
    await enqueueVideo({ videoId: id });
    await invalidatePublicGallery(video.galleryId);
    return videoView(updated);
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
      const prefix = video.storageKey.slice(0, video.storageKey.lastIndexOf("/") + 1);
      if (!input.thumbnail.startsWith(prefix) || input.thumbnail.includes("..") || (await objectSize(input.thumbnail)) === null) {
        throw new AppError("VALIDATION", "The thumbnail must be an uploaded file of this gallery.");
      }
    }
    data.thumbnailKey = input.thumbnail;
  }
  const updated = await db.video.update({ where: { id }, data });
  // A new cue point makes a new thumbnail (spec §9: captured at the cue point).
  if (data.cuePoint !== undefined && data.cuePoint !== video.cuePoint) await enqueueVideo({ videoId: id, thumbnailOnly: true });
  await invalidatePublicGallery(video.galleryId);
  return videoView(updated);
}

/** DELETE videos/deleteVideo/{id}: the row, its chapters and showcase entries, and its objects. */
export async function deleteVideo(actor: Actor, id: string) {
  const video = await ownVideo(actor, id);
  await db.video.delete({ where: { id: video.id } });
  await removeVideoObjects(video.storageKey, video.thumbnailKey);
  await invalidatePublicGallery(video.galleryId);
  return { message: "Video deleted" };
}

/** GET videos/videoThumb/{id} */
export async function videoThumb(actor: Actor, id: string) {
  const video = await ownVideo(actor, id);
  return { thumbnail: mediaUrl(video.thumbnailKey), status: video.status };
}

/** POST videos/retryVideo/{id}: processes a failed video again. */
export async function retryVideo(actor: Actor, id: string) {
  const video = await ownVideo(actor, id);
  if (video.status !== "FAILED") throw new AppError("CONFLICT", "Only a video whose processing failed can be retried.");
  const updated = await db.video.update({ where: { id }, data: { status: "PROCESSING", failureReason: null } });
  await enqueueVideo({ videoId: id });
  return videoView(updated);
}

/** GET videos/download/{id}: a short-lived address of the original file, named after the title. */
export async function originalDownloadUrl(actor: Actor, id: string): Promise<string> {
  const video = await ownVideo(actor, id);
  return signedDownloadUrl(video.storageKey, downloadFileName(video.title, video.storageKey));
}
