// Publishing what a processing run made: the one write of a READY video's renditions, for the
// video's own run (lib/services/video-processing.ts) and for the join of a chunked ladder
// (lib/services/video-chunks.ts).
import "server-only";
import { db } from "@/lib/db";
import { invalidatePublicGallery } from "@/lib/services/public-cache";
import { deleteDerivedObjects, deleteObject } from "@/lib/storage/objects";
import { log } from "@/lib/log";
import type { Video } from "@/generated/prisma/client";

/** What a run has made public: the columns of a READY video it writes (lib/media's facts and keys). */
export type Published = Partial<Pick<Video, "durationSec" | "width" | "height" | "videoCodec" | "audioCodec" | "bitrate" | "thumbnailKey" | "streamKey" | "hlsKey" | "optimizing">>;

/** The video's file was deleted or replaced while this run worked on it. */
export class Gone extends Error {}

/**
 * READY with what this run has made so far, if the video still has the file processed (one
 * conditional update); else Gone. Each publication is a new version (processedAt): the playlists'
 * caches and the public pages are refreshed, so the next play uses what was just published.
 */
export async function publish(video: Pick<Video, "id" | "storageKey" | "galleryId" | "thumbnailKey">, data: Published): Promise<void> {
  const saved = await db.video.updateMany({
    where: { id: video.id, storageKey: video.storageKey },
    data: { ...data, status: "READY", failureReason: null, failureCode: null, processedAt: new Date() },
  });
  if (saved.count === 0) throw new Gone();
  if (data.thumbnailKey && video.thumbnailKey && video.thumbnailKey !== data.thumbnailKey) await deleteObject(video.thumbnailKey).catch(() => {});
  // The gallery's public page shows ready videos: every app instance renders it afresh.
  await invalidatePublicGallery(video.galleryId);
}

/** The renditions left by a run whose video is gone or has another file by now: nobody owns them. */
export async function discardRun(storageKey: string) {
  await deleteDerivedObjects(storageKey).catch((err) => log().warn({ err, storageKey }, "could not remove a stale run's renditions; the sweep will"));
}
