// Publishing what a processing run made: the one write of a READY video's renditions, for the
// video's own run (lib/services/films/video-processing.ts) and for the join of a chunked ladder
// (lib/services/films/video-chunks.ts).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { invalidatePublicGallery } from "@/lib/services/public";
import { deleteDerivedObjects, deleteObject } from "@/lib/storage/objects";
import { keptFile } from "@/lib/services/films/video-versions";
import { log } from "@/lib/log";
import { dispatchDeliveries, publishEvent } from "@/lib/services/platform";
import type { Video } from "@/generated/prisma/client";

/** A film as its events (film.ready, film.failed) show it. */
export const FILM_FIELDS = { id: true, adminId: true, title: true, galleryId: true, status: true, durationSec: true, failureCode: true, failureReason: true } as const;
export function filmObject(v: Pick<Video, "id" | "title" | "galleryId" | "status" | "durationSec" | "failureCode" | "failureReason">) {
  return { id: v.id, title: v.title, galleryId: v.galleryId, status: v.status, durationSec: v.durationSec, failureCode: v.failureCode, failureReason: v.failureReason };
}

/** What a run has made public: the columns of a READY video it writes (lib/media's facts and keys). */
export type Published = Partial<Pick<Video, "durationSec" | "width" | "height" | "videoCodec" | "audioCodec" | "bitrate" | "frameRate" | "thumbnailKey" | "streamKey" | "hlsKey" | "optimizing">>;

/** The video's file was deleted or replaced while this run worked on it. */
export class Gone extends Error {}

/**
 * READY with what this run has made so far, if the video still has the file processed (one
 * conditional update); else Gone. Each publication is a new version (processedAt): the playlists'
 * caches and the public pages are refreshed, so the next play uses what was just published.
 */
export async function publish(video: Pick<Video, "id" | "storageKey" | "galleryId" | "thumbnailKey">, data: Published): Promise<void> {
  // The whole ladder published (optimizing false): its progress figure goes with it.
  const written = { ...data, ...(data.optimizing === false ? { optimizeProgress: null } : {}), status: "READY" as const, failureReason: null, failureCode: null, processedAt: new Date() };
  // The first publication of a file makes it ready: that update (not READY before) publishes film.ready with it, once.
  const deliveries = await db.$transaction(async (tx) => {
    const became = await tx.video.updateMany({ where: { id: video.id, storageKey: video.storageKey, status: { not: "READY" } }, data: written });
    if (became.count === 1) {
      const film = await tx.video.findUniqueOrThrow({ where: { id: video.id }, select: FILM_FIELDS });
      return publishEvent(tx, { adminId: film.adminId, type: "film.ready", object: filmObject(film) });
    }
    const saved = await tx.video.updateMany({ where: { id: video.id, storageKey: video.storageKey }, data: written });
    if (saved.count === 0) throw new Gone();
    return [];
  });
  await dispatchDeliveries(deliveries);
  if (data.thumbnailKey && video.thumbnailKey && video.thumbnailKey !== data.thumbnailKey) await deleteObject(video.thumbnailKey).catch(() => {});
  // The gallery's public page shows ready videos: every app instance renders it afresh.
  await invalidatePublicGallery(video.galleryId);
}

/**
 * The renditions left by a run whose video is gone or has another file by now: nobody owns them,
 * unless the file is an earlier version the studio kept (a new version uploaded while its ladder was
 * still being made): then what it published plays on, and what this run added beyond it waits for
 * the version's delete.
 */
export async function discardRun(storageKey: string) {
  if (await keptFile(storageKey)) return;
  await deleteDerivedObjects(storageKey).catch((err) => log().warn({ err, storageKey }, "could not remove a stale run's renditions; the sweep will"));
}
