// The viewers' events of an engagement flush (lib/services/guests/engagement.ts writeBatch), published in
// its transaction: `guest.watched` when a viewer's watched share of a film passes 90 % (the flush
// reads the stored ranges under the row's lock, so the crossing is seen once per viewer and film),
// and `download.created` for each download counted (once per viewer, film and day).
import "@/lib/server-only";
import type { Tx } from "@/lib/db";
import { publishEvent } from "@/lib/services/platform/webhooks/publish";
import { recordActivity } from "@/lib/services/platform/activity/record";

/** The share of a film a viewer must have watched for guest.watched. */
const WATCHED_SHARE = 0.9;

export type ViewerFilmChange = { viewerId: string; videoId: string; watchedBefore: number; watchedNow: number; downloads: number };

const crossed = (c: ViewerFilmChange, duration: number | null) => duration !== null && duration > 0 && c.watchedBefore < WATCHED_SHARE * duration && c.watchedNow >= WATCHED_SHARE * duration;

/** Publishes the events of a flush's changes; the deliveries' ids, to dispatch once it commits. */
export async function publishViewerEvents(tx: Tx, changes: ViewerFilmChange[]): Promise<string[]> {
  if (changes.every((c) => c.downloads === 0 && c.watchedNow <= c.watchedBefore)) return [];
  const films = new Map(
    (await tx.video.findMany({ where: { id: { in: [...new Set(changes.map((c) => c.videoId))] } }, select: { id: true, adminId: true, title: true, galleryId: true, durationSec: true } })).map((f) => [
      f.id,
      f,
    ]),
  );
  const due = changes.filter((c) => films.has(c.videoId) && (c.downloads > 0 || crossed(c, films.get(c.videoId)!.durationSec)));
  if (due.length === 0) return [];
  const viewers = await tx.$queryRaw<{ id: string; inviteId: string | null; name: string | null; email: string | null }[]>`
    SELECT v.id, v."inviteId", i.name, i.email FROM "GalleryViewer" v LEFT JOIN "GalleryInvite" i ON i.id = v."inviteId"
    WHERE v.id = ANY(${due.map((c) => c.viewerId)}::uuid[])`;
  const viewerOf = new Map(viewers.map((v) => [v.id, v]));
  const deliveries: string[] = [];
  for (const c of due) {
    const film = films.get(c.videoId)!;
    const v = viewerOf.get(c.viewerId);
    const viewer = { id: c.viewerId, inviteId: v?.inviteId ?? null, name: v?.name ?? null, email: v?.email ?? null };
    const filmView = { id: film.id, title: film.title, galleryId: film.galleryId, durationSec: film.durationSec };
    const base = { adminId: film.adminId, object: { id: `${c.viewerId}:${c.videoId}`, viewer, film: filmView } };
    if (crossed(c, film.durationSec)) {
      const watchedPercent = Math.min(100, Math.round((c.watchedNow / film.durationSec!) * 100));
      deliveries.push(...(await publishEvent(tx, { ...base, type: "guest.watched", object: { ...base.object, watchedPercent } })));
    }
    if (c.downloads > 0) {
      deliveries.push(...(await publishEvent(tx, { ...base, type: "download.created", object: { ...base.object, downloads: c.downloads } })));
      // The studio's feed: once per viewer, film and day (as the download is counted).
      if (film.galleryId)
        await recordActivity(tx, {
          adminId: film.adminId,
          galleryId: film.galleryId,
          kind: "download",
          filmId: film.id,
          who: viewer.name,
          data: { film: film.title },
          key: `download:${c.viewerId}:${c.videoId}:${new Date().toISOString().slice(0, 10)}`,
        });
    }
  }
  return deliveries;
}
