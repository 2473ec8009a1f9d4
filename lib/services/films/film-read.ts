// One film as an integration reads it (GET /api/videos/{videoId}): its state, what of it a player
// may load (the HLS ladder's rungs as its stored master names them, the fast-start copy), whether it
// plays, and its versions. Owner-scoped: another studio's film is a 404.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors";
import { doors } from "@/lib/contract";
import { masterRungs } from "@/lib/media/ladder";
import { mediaUrl } from "@/lib/storage/urls";
import { HLS_MASTER } from "@/lib/services/galleries";
import { storedMaster } from "@/lib/services/films/playback";
import { versionDates } from "@/lib/services/films/video-versions";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { FilmReadDto } from "@/lib/contract/films";

/** GET /api/videos/{videoId} */
export async function readFilm(actor: Actor, videoId: string): Promise<{ video: FilmReadDto }> {
  const film = await db.video.findFirst({ where: { id: videoId, adminId: actor.id } });
  if (!film) throw notFound();
  const ready = film.status === "READY";
  const [versions, master] = await Promise.all([versionDates(film), ready ? storedMaster(film) : null]);
  const hls = master === null ? null : { src: doors.videos.playlist.url({ id: film.id, playlist: HLS_MASTER }), rungs: masterRungs(master) };
  const streamSrc = ready ? mediaUrl(film.streamKey) : null;
  const stream = streamSrc === null ? null : { src: streamSrc };
  return {
    video: {
      id: film.id,
      title: film.title,
      galleryId: film.galleryId,
      status: film.status,
      failureReason: film.status === "FAILED" ? film.failureReason : null,
      durationSec: film.durationSec,
      width: film.width,
      height: film.height,
      optimizing: ready && film.optimizing,
      renditions: { hls, stream },
      playable: hls !== null || stream !== null,
      versions,
      createdAt: film.createdAt.toISOString(),
    },
  };
}
