// A film's versions. The film's row is its current version, the one guests see;
// "Upload new version" (an upload with `replaceVideoId` and `keepPrevious`) files the new cut on the
// row and keeps the one it takes the place of as a VideoVersion: its file, thumbnail and renditions
// stay in the store, charged as storage like any file (its credits were used at its upload and are
// not returned), until the studio deletes that version or the film. Replace (spec §4) still deletes
// the old file. Comments and decisions keep the version number they were made on, so they outlive a
// deleted version's files. The studio plays any version (compare, wipe) through its own doors.
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { studioPlayback } from "@/lib/services/galleries";
import { mediaUrl } from "@/lib/storage/urls";
import { deleteDerivedObjects, deleteObject } from "@/lib/storage/objects";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Video, VideoVersion } from "@/generated/prisma/client";
import type { Playback, FilmVersionDto, FilmVersionsDto } from "@/lib/contract/films";

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

type VersionFacts = Pick<VideoVersion, "version" | "sizeBytes" | "durationSec" | "width" | "height" | "thumbnailKey"> & { filedAt: Date; playback: Playback | null };

function versionView(v: VersionFacts, current: boolean, comments: number): FilmVersionDto {
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
    playback: v.playback,
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
  const current = versionView({ ...film, filedAt: film.versionAt, playback: studioPlayback(film) }, true, comments.get(film.version) ?? 0);
  const earlier = kept.map((v) => versionView({ ...v, playback: studioPlayback({ ...v, id: film.id, status: "READY" }, v.version) }, false, comments.get(v.version) ?? 0));
  return { current: film.version, versions: [current, ...earlier] };
}

/** The film's versions with when each was filed, newest first: the current one, then the earlier ones kept (the film's read door). */
export async function versionDates(film: Pick<Video, "id" | "adminId" | "version" | "versionAt">): Promise<Pick<FilmVersionDto, "version" | "current" | "filedAt">[]> {
  const kept = await db.videoVersion.findMany({ where: { videoId: film.id, adminId: film.adminId }, orderBy: { version: "desc" }, select: { version: true, filedAt: true } });
  return [{ version: film.version, filedAt: film.versionAt }, ...kept].map((v, i) => ({ version: v.version, current: i === 0, filedAt: v.filedAt.toISOString() }));
}

/**
 * DELETE /api/videos/versions/{videoId}/{version}: an earlier version's files go (its file,
 * thumbnail and renditions); its comments and decisions stay, named by its number. The current
 * version is not deleted here (Replace or delete the film): 409 `current_version`.
 */
export async function deleteVersion(actor: Actor, videoId: string, version: number): Promise<{ message: string }> {
  const film = await db.video.findFirst({ where: { id: videoId, adminId: actor.id }, select: { id: true, version: true } });
  if (!film) throw notFound();
  if (version === film.version) throw new AppError("current_version", TEXTS.versions.currentNotDeleted);
  // The row goes first (one delete wins a race), then its objects. No public page shows it: nothing to refresh.
  const row = await db.videoVersion.findFirst({ where: { videoId: film.id, adminId: actor.id, version } });
  if (!row || (await db.videoVersion.deleteMany({ where: { id: row.id } })).count === 0) throw notFound();
  await removeVersionObjects([row]);
  return { message: TEXTS.versions.deleted(version) };
}

/** Removes kept versions' files and everything derived from them (a film deleted, or one version). */
export async function removeVersionObjects(rows: Pick<VideoVersion, "storageKey" | "thumbnailKey">[]): Promise<void> {
  await Promise.all(
    rows.flatMap((r) => [deleteObject(r.storageKey).catch(() => {}), r.thumbnailKey ? deleteObject(r.thumbnailKey).catch(() => {}) : null, deleteDerivedObjects(r.storageKey).catch(() => {})]),
  );
}
