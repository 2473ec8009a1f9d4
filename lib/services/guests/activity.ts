// The studio home's recent activity: across the studio's galleries, who opened a
// gallery lately and what they did with its films, and which galleries were sent to whom — the
// newest first, from the rows the insights and the guest list already keep (GalleryViewer,
// ViewerFilm, GalleryInvite), so nothing is written on the viewers' path for it. The studio and the
// super admin are never viewers (the engagement door does not count them), so they never show here.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { GUEST_NUMBER, digestLine } from "@/lib/services/guests/digest";
import { viewerName } from "@/lib/services/guests/rules/insights";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { ActivityItem } from "@/lib/page-props/activity";

/** How far back the activity reaches. */
export const ACTIVITY_DAYS = 30;
/** At most this many lines. */
export const ACTIVITY_MAX = 12;
/** At most this many films under one visit. */
export const ACTIVITY_FILMS = 3;

type FilmRow = { title: string; durationSec: number | null; watchedSeconds: number; downloads: number; shares: number; casts: number };
type VisitRow = { galleryId: string; galleryName: string; at: Date; inviteName: string | null; guest: number | null; films: FilmRow[] | null };

/** The studio's latest visits and sends, merged, the newest first. */
export async function recentActivity(actor: Actor, now = new Date()): Promise<ActivityItem[]> {
  const since = new Date(now.getTime() - ACTIVITY_DAYS * 24 * 3600_000);
  const [visits, sends] = await Promise.all([
    db.$queryRaw<VisitRow[]>`
      SELECT gv."galleryId", g.name AS "galleryName", gv."lastSeenAt" AS at, i.name AS "inviteName", ${GUEST_NUMBER} AS guest,
             (SELECT json_agg(json_build_object('title', v.title, 'durationSec', v."durationSec", 'watchedSeconds', f."watchedSeconds",
                                                'downloads', f.downloads, 'shares', f.shares, 'casts', f.casts) ORDER BY f."updatedAt" DESC, f."videoId")
              FROM "ViewerFilm" f JOIN "Video" v ON v.id = f."videoId" WHERE f."viewerId" = gv.id) AS films
      FROM "GalleryViewer" gv
      JOIN "Gallery" g ON g.id = gv."galleryId"
      LEFT JOIN "GalleryInvite" i ON i.id = gv."inviteId" AND i."galleryId" = gv."galleryId"
      WHERE g."adminId" = ${actor.id}::uuid AND gv."lastSeenAt" >= ${since}
      ORDER BY gv."lastSeenAt" DESC, gv.id DESC
      LIMIT ${ACTIVITY_MAX}`,
    db.galleryInvite.findMany({
      where: { adminId: actor.id, sentAt: { gte: since } },
      orderBy: [{ sentAt: "desc" }, { id: "desc" }],
      take: ACTIVITY_MAX,
      select: { name: true, sentAt: true, gallery: { select: { id: true, name: true } } },
    }),
  ]);
  const items: ActivityItem[] = [
    ...visits.map((v): ActivityItem => {
      const who = viewerName(v);
      const lines = (v.films ?? []).map((f) => digestLine({ ...f, inviteName: v.inviteName, guest: v.guest })).filter((l): l is string => l !== null);
      return {
        kind: "visit",
        at: v.at.toISOString(),
        gallery: { id: v.galleryId, name: v.galleryName },
        who,
        films: lines.slice(0, ACTIVITY_FILMS),
        moreFilms: Math.max(0, lines.length - ACTIVITY_FILMS),
      };
    }),
    ...sends.map((s): ActivityItem => ({ kind: "sent", at: s.sentAt!.toISOString(), gallery: s.gallery, who: s.name, films: [], moreFilms: 0 })),
  ];
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, ACTIVITY_MAX);
}
