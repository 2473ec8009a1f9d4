// A film's versions (issue 40 item 4). The film's row is its current version, the one guests see;
// "Upload new version" (an upload with `replaceVideoId` and `keepPrevious`) files the new cut on the
// row and keeps the one it takes the place of as a VideoVersion: its file, thumbnail and renditions
// stay in the store, charged as storage like any file (its credits were used at its upload and are
// not returned), until the studio deletes that version or the film. Replace (spec §4) still deletes
// the old file. Comments and decisions keep the version number they were made on, so they outlive a
// deleted version's files. The studio plays any version (compare, wipe) through its own doors.
import "server-only";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { invalidatePublicGallery } from "@/lib/services/public-cache";
import { HLS_MASTER, hostParam, withQuery } from "@/lib/services/gallery-views";
import { fallbackMediaBaseUrl, mediaUrl, mediaUrlOn } from "@/lib/storage/urls";
import { deleteDerivedObjects, deleteObject } from "@/lib/storage/objects";
import { doors } from "@/lib/contract";
import type { Actor } from "@/lib/actor";
import type { Video, VideoVersion } from "@/generated/prisma/client";
import type { Playback, PlaySource } from "@/lib/gallery-types";
import type { FilmVersionDto, FilmVersionsDto } from "@/lib/dto/versions";

/** The current version of `old` kept as an earlier one, inside the filing's transaction (old was READY). */
export async function keepVersion(tx: Tx, old: Video): Promise<void> {
  await tx.videoVersion.create({
    data: {
      videoId: old.id,
      adminId: old.adminId,
      version: old.version,
      storageKey: old.storageKey,
      sizeBytes: old.sizeBytes,
      thumbnailKey: old.thumbnailKey,
      streamKey: old.streamKey,
      hlsKey: old.hlsKey,
      durationSec: old.durationSec,
      width: old.width,
      height: old.height,
      frameRate: old.frameRate,
      processedAt: old.processedAt,
      filedAt: old.versionAt,
    },
  });
}

/** Whether an earlier version still holds this file (a worker's stale run must not remove what it plays). */
export async function keptFile(storageKey: string): Promise<boolean> {
  return (await db.videoVersion.count({ where: { storageKey } })) > 0;
}

type Playable = Pick<VideoVersion, "hlsKey" | "streamKey" | "storageKey">;

/** A version's playback for its studio: its ladder through the studio's HLS door (`?v=`), then its MP4, signed. */
function versionPlayback(videoId: string, version: number, v: Playable, current: boolean): Playback {
  const list = (fallback: boolean): PlaySource[] => {
    const mp4 = mediaUrlOn(fallback, v.streamKey ?? v.storageKey);
    return [
      ...(v.hlsKey
        ? [{ src: withQuery(doors.videos.playlist.url({ id: videoId, playlist: HLS_MASTER }), current ? "" : `v=${version}`, hostParam(fallback)), type: "application/x-mpegurl" as const }]
        : []),
      ...(mp4 ? [{ src: mp4, type: "video/mp4" as const }] : []),
    ];
  };
  return { sources: list(false), fallback: fallbackMediaBaseUrl() ? list(true) : [] };
}

type VersionFacts = Playable & Pick<VideoVersion, "version" | "sizeBytes" | "durationSec" | "width" | "height" | "thumbnailKey"> & { filedAt: Date };

function versionView(videoId: string, v: VersionFacts, current: boolean, comments: number, playable: boolean): FilmVersionDto {
  return {
    version: v.version,
    current,
    filedAt: v.filedAt.toISOString(),
    sizeBytes: Number(v.sizeBytes),
    durationSec: v.durationSec,
    width: v.width,
    height: v.height,
    thumbnail: mediaUrl(v.thumbnailKey),
    comments,
    playback: playable ? versionPlayback(videoId, v.version, v, current) : null,
  };
}

/** GET /api/videos/versions/{videoId}: the film's versions, newest first, each playable by its studio. */
export async function filmVersions(actor: Actor, videoId: string): Promise<FilmVersionsDto> {
  const film = await db.video.findFirst({ where: { id: videoId, adminId: actor.id } });
  if (!film) throw notFound();
  const [kept, counts] = await Promise.all([
    db.videoVersion.findMany({ where: { videoId: film.id, adminId: actor.id }, orderBy: { version: "desc" } }),
    db.videoComment.groupBy({ by: ["version"], where: { videoId: film.id, adminId: actor.id, parentId: null }, _count: { _all: true } }),
  ]);
  const comments = new Map(counts.map((c) => [c.version, c._count._all]));
  const current = versionView(film.id, { ...film, filedAt: film.versionAt }, true, comments.get(film.version) ?? 0, film.status === "READY");
  return { current: film.version, versions: [current, ...kept.map((v) => versionView(film.id, v, false, comments.get(v.version) ?? 0, true))] };
}

/** The kept version `version` of the studio's film, or null. */
export async function keptVersion(actor: Actor, videoId: string, version: number) {
  return db.videoVersion.findFirst({ where: { videoId, adminId: actor.id, version } });
}

/**
 * DELETE /api/videos/versions/{videoId}/{version}: an earlier version's files go (its file,
 * thumbnail and renditions); its comments and decisions stay, named by its number. The current
 * version is not deleted here (Replace or delete the film): 409 `current_version`.
 */
export async function deleteVersion(actor: Actor, videoId: string, version: number): Promise<{ message: string }> {
  const film = await db.video.findFirst({ where: { id: videoId, adminId: actor.id }, select: { id: true, version: true, galleryId: true } });
  if (!film) throw notFound();
  if (version === film.version) throw new AppError("current_version", TEXTS.versions.currentNotDeleted);
  // The row goes first (one delete wins a race), then its objects.
  const [row] = await db.videoVersion.findMany({ where: { videoId: film.id, adminId: actor.id, version }, take: 1 });
  if (!row || (await db.videoVersion.deleteMany({ where: { id: row.id } })).count === 0) throw notFound();
  await removeVersionObjects([row]);
  await invalidatePublicGallery(film.galleryId);
  return { message: TEXTS.versions.deleted(version) };
}

/** Removes kept versions' files and everything derived from them (a film deleted, or one version). */
export async function removeVersionObjects(rows: Pick<VideoVersion, "storageKey" | "thumbnailKey">[]): Promise<void> {
  await Promise.all(
    rows.flatMap((r) => [deleteObject(r.storageKey).catch(() => {}), r.thumbnailKey ? deleteObject(r.thumbnailKey).catch(() => {}) : null, deleteDerivedObjects(r.storageKey).catch(() => {})]),
  );
}
