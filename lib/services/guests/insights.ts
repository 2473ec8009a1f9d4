// The studio's insights of a gallery: who watched what, read from what the engagement
// ingestion keeps (lib/services/guests/engagement.ts): GalleryViewer (one row per viewer), ViewerFilm (per
// viewer and film: unique seconds watched, time played, downloads, shares, casts) and FilmStat (per
// film: the heat strip and totals). Owner-scoped: another studio's gallery is a 404.
//
// Three queries at once, each on an index (Gallery's id, Video's (adminId, galleryId), FilmStat's
// and ViewerFilm's primary keys, GalleryViewer's (galleryId, …)): the gallery and its totals, its
// films with their FilmStat, and one page of viewers with their films as JSON. Anonymous viewers are
// named "Guest n" by a window function over the gallery's anonymous viewers in order of first sight
// (rows are only added, so a guest's number never changes).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { slugify } from "@/lib/services/galleries/rules/slug";
import { csvRow } from "@/lib/services/data/rules/csv";
import { viewerName, watchedPercent, type FilmInsight, type GalleryInsights, type InsightsSort, type ViewerInsight } from "@/lib/services/guests/rules/insights";
import type { Actor } from "@/lib/services/access/rules/actor";

export type InsightsPageInput = { page: number; pageSize: number; sort?: InsightsSort };

/** A viewer's key: "i:<inviteId>" for an invitee's personal link, "a:<anonymous id>" for anyone else. */
export const ANONYMOUS = "a:%";

type FilmRow = { id: string; title: string; durationSec: number | null; heat: number[] | null; playSeconds: number; viewers: number; downloads: number };
type ViewerFilmJson = { videoId: string; watched: number; played: number; downloads: number; shares: number; casts: number };
type ViewerRow = {
  id: string;
  inviteName: string | null;
  inviteEmail: string | null;
  guest: number | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
  visits: number;
  films: ViewerFilmJson[] | null;
};

/** The gallery (the studio's own only) with its viewers' count and visits. */
async function ownGallery(actor: Actor, galleryId: string) {
  const [g] = await db.$queryRaw<{ id: string; name: string; viewers: number; visits: number; priced: boolean; paidAt: Date | null }[]>`
    SELECT g.id, g.name, t.viewers, t.visits, (g."priceAmount" IS NOT NULL) AS priced, g."paidAt"
    FROM "Gallery" g
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS viewers, coalesce(sum(v.visits), 0)::int AS visits FROM "GalleryViewer" v WHERE v."galleryId" = g.id
    ) t
    WHERE g.id = ${galleryId}::uuid AND g."adminId" = ${actor.id}::uuid`;
  return g ?? null;
}

/** The gallery's films in the editor's order (newest first), with their totals; a failed upload only if someone watched it before. */
function filmsOf(actor: Actor, galleryId: string) {
  return db.$queryRaw<FilmRow[]>`
    SELECT v.id, v.title, v."durationSec", s.heat, coalesce(s."playSeconds", 0)::float8 AS "playSeconds",
           coalesce(s.viewers, 0)::int AS viewers, coalesce(s.downloads, 0)::int AS downloads
    FROM "Video" v
    LEFT JOIN "FilmStat" s ON s."videoId" = v.id
    WHERE v."adminId" = ${actor.id}::uuid AND v."galleryId" = ${galleryId}::uuid AND (v.status <> 'FAILED' OR s."videoId" IS NOT NULL)
    ORDER BY v."createdAt" DESC, v.id DESC`;
}

const ORDER: Record<InsightsSort, Prisma.Sql> = {
  recent: Prisma.sql`p."lastSeenAt" DESC, p.id DESC`,
  // Invitees by name, then Guest 1, 2, …, then viewers whose invite was deleted since.
  name: Prisma.sql`(p."inviteName" IS NULL), lower(p."inviteName"), p.guest NULLS LAST, p."firstSeenAt", p.id`,
};

/** One page of the gallery's viewers with what each did with each film. */
function viewersPage(actor: Actor, galleryId: string, { page, pageSize, sort = "recent" }: InsightsPageInput) {
  const order = ORDER[sort];
  return db.$queryRaw<ViewerRow[]>`
    WITH ranked AS (
      SELECT gv.id, gv."galleryId", gv."inviteId", gv."firstSeenAt", gv."lastSeenAt", gv.visits,
             CASE WHEN gv.key LIKE ${ANONYMOUS}
                  THEN row_number() OVER (PARTITION BY gv.key LIKE ${ANONYMOUS} ORDER BY gv."firstSeenAt", gv.id) END AS guest
      FROM "GalleryViewer" gv
      WHERE gv."galleryId" = ${galleryId}::uuid
        AND EXISTS (SELECT 1 FROM "Gallery" g WHERE g.id = ${galleryId}::uuid AND g."adminId" = ${actor.id}::uuid)
    ), p AS (
      SELECT r.*, i.name AS "inviteName", i.email AS "inviteEmail"
      FROM ranked r LEFT JOIN "GalleryInvite" i ON i.id = r."inviteId" AND i."galleryId" = r."galleryId"
    ), one_page AS (
      -- The page first, so the films are read for its viewers only (not for those skipped by OFFSET).
      SELECT * FROM p ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
    )
    SELECT p.id, p."inviteName", p."inviteEmail", p.guest::int AS guest, p."firstSeenAt", p."lastSeenAt", p.visits,
           (SELECT json_agg(json_build_object('videoId', f."videoId", 'watched', f."watchedSeconds", 'played', f."playSeconds",
                                              'downloads', f.downloads, 'shares', f.shares, 'casts', f.casts))
            FROM "ViewerFilm" f WHERE f."viewerId" = p.id) AS films
    FROM one_page p
    ORDER BY ${order}`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Paid delivery: whether a viewer first came while the gallery's price was unpaid (a
 * gallery with a price, not paid yet or paid after they first came).
 */
const cameBeforePayment = (g: { priced: boolean; paidAt: Date | null } | null, firstSeenAt: Date): boolean => !!g?.priced && (g.paidAt === null || firstSeenAt < g.paidAt);

function viewerDto(row: ViewerRow, durations: Map<string, number | null>, gallery: { priced: boolean; paidAt: Date | null } | null = null): ViewerInsight {
  const films = (row.films ?? [])
    .filter((f) => durations.has(f.videoId))
    .map((f) => ({ videoId: f.videoId, percent: watchedPercent(f.watched, durations.get(f.videoId)), watchedSeconds: round2(f.watched), playSeconds: round2(f.played), downloads: f.downloads }));
  return {
    id: row.id,
    name: viewerName(row),
    invited: row.inviteName !== null,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    visits: row.visits,
    downloads: films.reduce((n, f) => n + f.downloads, 0),
    films,
    beforePayment: cameBeforePayment(gallery, row.firstSeenAt),
  };
}

function filmDto(f: FilmRow): FilmInsight {
  return { id: f.id, title: f.title, durationSec: f.durationSec, heat: (f.heat ?? []).map(round2), playSeconds: round2(f.playSeconds), viewers: f.viewers, downloads: f.downloads };
}

/**
 * A gallery's insights for its studio: the totals, each film (heat strip, time played, unique
 * viewers, downloads) and one page of viewers (name, invited, first and last seen, visits, each
 * film's share watched and downloads), the last seen first or by name. 404 for anyone else's gallery.
 */
export async function galleryInsights(actor: Actor, galleryId: string, input: InsightsPageInput): Promise<GalleryInsights> {
  const sort = input.sort ?? "recent";
  const [gallery, films, viewers] = await Promise.all([ownGallery(actor, galleryId), filmsOf(actor, galleryId), viewersPage(actor, galleryId, { ...input, sort })]);
  if (!gallery) throw notFound();
  const durations = new Map(films.map((f) => [f.id, f.durationSec]));
  return {
    gallery: { id: gallery.id, name: gallery.name },
    totals: {
      viewers: gallery.viewers,
      visits: gallery.visits,
      playSeconds: round2(films.reduce((n, f) => n + f.playSeconds, 0)),
      downloads: films.reduce((n, f) => n + f.downloads, 0),
    },
    films: films.map(filmDto),
    viewers: { items: viewers.map((v) => viewerDto(v, durations, gallery)), page: input.page, pageSize: input.pageSize, total: gallery.viewers, sort },
  };
}

// ---------------------------------------------------------------------------------------------
// CSV export

/** Viewers read per query while the CSV streams (memory stays bounded by this, whatever the gallery's size). */
const CSV_BATCH = 250;

const CSV_COLUMNS = ["Viewer", "Invited", "Email", "First seen (UTC)", "Last seen (UTC)", "Visits", "Film", "% watched", "Watch time (s)", "Downloads", "Shares", "Casts"] as const;

/** The CSV's file name: the gallery's name made safe ("Emma & James" → "emma-and-james-insights.csv"). */
const csvFileName = (galleryName: string) => `${slugify(galleryName)}-insights.csv`;

type CsvViewerRow = Omit<ViewerRow, "guest"> & { key: string };

/** The next batch of the gallery's viewers after (firstSeenAt, id), in order of first sight. */
function viewersAfter(galleryId: string, after: { at: Date; id: string } | null) {
  const cursor = after ? Prisma.sql`AND (gv."firstSeenAt", gv.id) > (${after.at}, ${after.id}::uuid)` : Prisma.empty;
  return db.$queryRaw<CsvViewerRow[]>`
    SELECT gv.id, gv.key, gv."firstSeenAt", gv."lastSeenAt", gv.visits, i.name AS "inviteName", i.email AS "inviteEmail",
           (SELECT json_agg(json_build_object('videoId', f."videoId", 'watched', f."watchedSeconds", 'played', f."playSeconds",
                                              'downloads', f.downloads, 'shares', f.shares, 'casts', f.casts))
            FROM "ViewerFilm" f WHERE f."viewerId" = gv.id) AS films
    FROM "GalleryViewer" gv
    LEFT JOIN "GalleryInvite" i ON i.id = gv."inviteId" AND i."galleryId" = gv."galleryId"
    WHERE gv."galleryId" = ${galleryId}::uuid ${cursor}
    ORDER BY gv."firstSeenAt", gv.id
    LIMIT ${CSV_BATCH}`;
}

/**
 * The gallery's insights as CSV, one row per viewer and film (the films a viewer never played
 * included, at 0 %), viewers in order of first sight; streamed in batches of CSV_BATCH viewers.
 * The ownership check runs before anything streams (404 for anyone else's gallery).
 */
export async function galleryInsightsCsv(actor: Actor, galleryId: string): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const [gallery, films] = await Promise.all([ownGallery(actor, galleryId), filmsOf(actor, galleryId)]);
  if (!gallery) throw notFound();
  const encoder = new TextEncoder();
  let after: { at: Date; id: string } | null = null;
  let guests = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so spreadsheets read the names as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow([...CSV_COLUMNS])}`));
        return;
      }
      const rows = await viewersAfter(galleryId, after);
      let out = "";
      for (const row of rows) {
        // Numbered as the insights page numbers them: by first sight among anonymous viewers.
        const guest = row.key.startsWith("a:") ? ++guests : null;
        const name = viewerName({ inviteName: row.inviteName, guest });
        const byFilm = new Map((row.films ?? []).map((f) => [f.videoId, f]));
        for (const film of films) {
          const f = byFilm.get(film.id);
          out += csvRow([
            name,
            row.inviteName !== null,
            row.inviteEmail,
            row.firstSeenAt.toISOString(),
            row.lastSeenAt.toISOString(),
            row.visits,
            film.title,
            watchedPercent(f?.watched ?? 0, film.durationSec),
            Math.round(f?.played ?? 0),
            f?.downloads ?? 0,
            f?.shares ?? 0,
            f?.casts ?? 0,
          ]);
        }
      }
      if (out) controller.enqueue(encoder.encode(out));
      const last = rows.at(-1);
      if (rows.length < CSV_BATCH || !last) controller.close();
      else after = { at: last.firstSeenAt, id: last.id };
    },
  });
  return { fileName: csvFileName(gallery.name), body };
}
