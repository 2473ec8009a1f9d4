// Engagement ingestion: what a gallery's viewers watch (ranges of seconds, not a count),
// download, share and cast, for the studio's insights (lib/services/guests/insights.ts reads the tables).
//
// A player reports every ~10 s while playing. Writing each report would cost a database write per
// heartbeat per viewer, so reports are merged in memory instead, per (gallery, viewer, film) — the
// watched ranges merged, time played and events summed — and per film (the heat strip), and each
// process writes its buffer every ENGAGEMENT_FLUSH_SECONDS in one transaction of a constant number
// of statements, whatever the number of rows (flushBuffer). Rows written per minute are then about
// the active (viewer, film) pairs × flushes per minute, not the heartbeats. Several app processes
// flushing the same rows stay correct: counters are added in SQL, and the watched ranges are merged
// with the stored ones under a row lock (SELECT … FOR UPDATE).
//
// The door opens the film like any viewer's door (lib/services/access/open-gallery.ts openFilm), from a
// short-lived copy of the gate's input (`recent`, GATE_CACHE_MS), so a lock, expiry, revoke or
// delete takes effect within seconds without a database read per heartbeat. Never counted: bots,
// the gallery's own studio and super admins (their session cookies, decoded here without a
// database read), and the editor's preview (its player never reports). What one client can add is
// bounded (lib/services/guests/engagement-limits.ts): new anonymous viewers per address and gallery, play
// time by the film and the wall clock, and each download, share and cast once per viewer, film and
// day.
import "@/lib/server-only";
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { db, type Tx } from "@/lib/db";
import { env, secureCookies } from "@/lib/env";
import { log } from "@/lib/log";
import { sessionCookieName, SESSION_COOKIE_PATTERN } from "@/lib/auth/scope";
import type { ViewerCredentials } from "@/lib/services/access";
import { openFilm } from "@/lib/services/access";
import { isBot, utcDay } from "@/lib/services/public";
import { admitViewer, takePlay } from "@/lib/services/guests/engagement-limits";
import { addHeat, capRanges, clampRanges, coverage, emptyHeat, HEAT_BUCKETS, mergeRanges, playedSeconds, roundSeconds, type Range } from "@/lib/services/guests/rules/engagement";
import type { EngagementEvent } from "@/lib/validation/engagement";
import { publishViewerEvents, dispatchDeliveries, recordActivity } from "@/lib/services/platform";

/** A report more than this after the viewer's last one starts a new visit. */
const VISIT_GAP_MS = 30 * 60_000;
/** At most this many (viewer, film) pairs wait in one process's buffer; beyond, reports of new pairs are dropped until the next flush. */
const MAX_BUFFERED_PAIRS = 100_000;
/** A batch that failed this many flushes in a row is dropped (logged), so a poisoned batch cannot block the rest forever. */
const MAX_FLUSH_ATTEMPTS = 5;

// ---------------------------------------------------------------------------------------------
// The studio's own visits

/** Who the request's session cookies say is signed in (decoded locally, no database read): account ids, and whether a super admin is among them. */
export type StudioSessions = { accountIds: string[]; superadmin: boolean };
export const NO_SESSIONS: StudioSessions = { accountIds: [], superadmin: false };

/** The studio of `adminId` (or a super admin) is the one visiting: never counted as a viewer. */
export const isOwnVisit = (sessions: StudioSessions, adminId: string) => sessions.superadmin || sessions.accountIds.includes(adminId);

export async function studioSessionsOf(req: NextRequest): Promise<StudioSessions> {
  if (!req.cookies.getAll().some((c) => SESSION_COOKIE_PATTERN.test(c.name))) return NO_SESSIONS;
  const secure = secureCookies();
  const out: StudioSessions = { accountIds: [], superadmin: false };
  for (const scope of ["studio", "superadmin"] as const) {
    const cookieName = sessionCookieName(scope, secure);
    if (!req.cookies.getAll().some((c) => c.name === cookieName || c.name.startsWith(`${cookieName}.`))) continue;
    const token = await getToken({ req, secret: env().AUTH_SECRET, secureCookie: secure, cookieName }).catch(() => null);
    if (!token?.sub) continue;
    out.accountIds.push(token.sub);
    // A super admin's own session, or a studio session a super admin opened ("Sign in as client").
    if (token.role === "superadmin" || token.imp) out.superadmin = true;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The buffer

/** The UTC days (utcDay) on which a pair's downloads, shares and casts happened: each counts once a day. */
type EventDays = Record<EngagementEvent, number[]>;
const ENGAGEMENT_EVENT_KINDS: EngagementEvent[] = ["download", "share", "cast"];
const noEvents = (): EventDays => ({ download: [], share: [], cast: [] });
const addDays = (a: number[], b: number[]) => [...new Set([...a, ...b])].sort((x, y) => x - y);

type PairEntry = {
  galleryId: string;
  viewerKey: string;
  videoId: string;
  ranges: Range[];
  playSeconds: number;
  events: EventDays;
};
type ViewerEntry = { galleryId: string; key: string; inviteId: string | null; firstAt: number; lastAt: number; newVisits: number };
type FilmEntry = { galleryId: string; videoId: string; heat: number[] | null; playSeconds: number };

/** One process's reports not yet written, merged. */
export class EngagementBuffer {
  pairs = new Map<string, PairEntry>();
  viewers = new Map<string, ViewerEntry>();
  films = new Map<string, FilmEntry>();
  /** Flushes in a row this content has failed. */
  attempts = 0;

  get size(): number {
    return this.pairs.size;
  }

  /**
   * Adds one report: `ranges` already clamped to the film; `heat` computed only when the film's
   * duration is known. Returns false when the buffer is full (a new pair is not taken).
   */
  add(r: { galleryId: string; viewerKey: string; inviteId: string | null; videoId: string; duration: number | null; ranges: Range[]; event?: EngagementEvent; at: number }): boolean {
    const pairKey = `${r.galleryId}|${r.viewerKey}|${r.videoId}`;
    let pair = this.pairs.get(pairKey);
    if (!pair) {
      if (this.pairs.size >= MAX_BUFFERED_PAIRS) return false;
      pair = { galleryId: r.galleryId, viewerKey: r.viewerKey, videoId: r.videoId, ranges: [], playSeconds: 0, events: noEvents() };
      this.pairs.set(pairKey, pair);
    }
    const played = playedSeconds(r.ranges);
    pair.ranges = mergeRanges([...pair.ranges, ...r.ranges]);
    pair.playSeconds += played;
    if (r.event) pair.events[r.event] = addDays(pair.events[r.event], [utcDay(r.at)]);

    const viewerKey = `${r.galleryId}|${r.viewerKey}`;
    const viewer = this.viewers.get(viewerKey);
    if (!viewer) this.viewers.set(viewerKey, { galleryId: r.galleryId, key: r.viewerKey, inviteId: r.inviteId, firstAt: r.at, lastAt: r.at, newVisits: 0 });
    else {
      if (r.at - viewer.lastAt > VISIT_GAP_MS) viewer.newVisits++;
      viewer.lastAt = Math.max(viewer.lastAt, r.at);
      viewer.inviteId ??= r.inviteId;
    }

    let film = this.films.get(r.videoId);
    if (!film) this.films.set(r.videoId, (film = { galleryId: r.galleryId, videoId: r.videoId, heat: null, playSeconds: 0 }));
    if (r.duration && r.ranges.length) film.heat = addHeat(film.heat ?? emptyHeat(), r.ranges, r.duration);
    film.playSeconds += played;
    return true;
  }

  /** Takes everything out (the buffer is empty afterwards). */
  take(): EngagementBuffer {
    const batch = new EngagementBuffer();
    [batch.pairs, batch.viewers, batch.films, batch.attempts] = [this.pairs, this.viewers, this.films, this.attempts];
    this.pairs = new Map();
    this.viewers = new Map();
    this.films = new Map();
    this.attempts = 0;
    return batch;
  }

  /** Puts a batch that could not be written back, merged with whatever came meanwhile. */
  restore(batch: EngagementBuffer): void {
    this.attempts = Math.max(this.attempts, batch.attempts);
    for (const [k, p] of batch.pairs) {
      const cur = this.pairs.get(k);
      if (!cur) this.pairs.set(k, p);
      else {
        cur.ranges = mergeRanges([...cur.ranges, ...p.ranges]);
        cur.playSeconds += p.playSeconds;
        for (const e of ENGAGEMENT_EVENT_KINDS) cur.events[e] = addDays(cur.events[e], p.events[e]);
      }
    }
    for (const [k, v] of batch.viewers) {
      const cur = this.viewers.get(k);
      if (!cur) this.viewers.set(k, v);
      else {
        if (cur.firstAt - v.lastAt > VISIT_GAP_MS) cur.newVisits++;
        cur.newVisits += v.newVisits;
        cur.firstAt = Math.min(cur.firstAt, v.firstAt);
        cur.lastAt = Math.max(cur.lastAt, v.lastAt);
        cur.inviteId ??= v.inviteId;
      }
    }
    for (const [k, f] of batch.films) {
      const cur = this.films.get(k);
      if (!cur) this.films.set(k, f);
      else {
        if (f.heat) cur.heat = cur.heat ? cur.heat.map((h, i) => h + f.heat![i]) : f.heat;
        cur.playSeconds += f.playSeconds;
      }
    }
  }
}

/** This process's buffer. */
const buffer = new EngagementBuffer();

const stamp = (ms: number) => new Date(ms).toISOString();
const heatJson = (heat: number[] | null) => (heat ? heat.map((h) => Math.round(h * 1000) / 1000) : []);

/** Of an event's days in a batch, those after the last day already counted: how many, and the new last day. */
function newDays(days: number[], last: number | null): { count: number; last: number | null } {
  const fresh = days.filter((d) => last === null || d > last);
  return { count: fresh.length, last: fresh.length ? Math.max(...fresh) : last };
}

/**
 * Writes a batch in one transaction, five statements whatever its size:
 * 1. the viewers upserted (first and last seen, visits, the invite) — their ids returned;
 * 2. the missing (viewer, film) rows inserted (ON CONFLICT DO NOTHING) — the new ones returned;
 * 3. every touched (viewer, film) row read and locked (FOR UPDATE);
 * 4. each updated with its ranges merged with the stored ones, time played added, and each
 *    download, share and cast counted when its day is after the last one counted for the pair;
 * 5. the films' totals upserted (heat added part by part, new viewers counted).
 * Rows are taken in key order in every statement, so two processes' flushes wait for each other
 * rather than deadlock; a gallery or film deleted meanwhile is skipped (joins on the live rows).
 */
/**
 * A gallery's first anonymous viewer is the studio's `first_view` (an invitee's is told by their
 * personal link's first visit): told when the gallery has that one anonymous viewer only (admitted
 * rows are written before the flush, lib/services/guests/engagement-limits.ts), once (its key).
 */
async function noteFirstAnonymousViewers(tx: Tx, viewers: { galleryId: string; key: string; adminId: string }[]): Promise<void> {
  const galleries = new Map(viewers.filter((v) => v.key.startsWith("a:")).map((v) => [v.galleryId, v.adminId]));
  for (const [galleryId, adminId] of galleries) {
    const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM (SELECT 1 FROM "GalleryViewer" WHERE "galleryId" = ${galleryId}::uuid AND key LIKE 'a:%' LIMIT 2) x`;
    if (row?.n === 1) await recordActivity(tx, { adminId, galleryId, kind: "first_view", key: `first_view:gallery:${galleryId}` });
  }
}

async function writeBatch(batch: EngagementBuffer): Promise<{ pairs: number; viewers: number; films: number }> {
  const viewers = [...batch.viewers.values()].sort((a, b) => (a.galleryId + a.key < b.galleryId + b.key ? -1 : 1));
  if (viewers.length === 0) return { pairs: 0, viewers: 0, films: 0 };
  const deliveries: string[] = [];
  const written = await db.$transaction(
    async (tx) => {
      deliveries.length = 0;
      const viewerRows = JSON.stringify(viewers.map((v) => ({ g: v.galleryId, k: v.key, i: v.inviteId, f: stamp(v.firstAt), l: stamp(v.lastAt), n: v.newVisits })));
      const upserted = await tx.$queryRaw<{ id: string; galleryId: string; key: string; adminId: string }[]>`
        INSERT INTO "GalleryViewer" (id, "galleryId", key, "inviteId", "firstSeenAt", "lastSeenAt", visits)
        SELECT gen_random_uuid(), x.g, x.k, inv.id, x.f, x.l, 1 + x.n
        FROM jsonb_to_recordset(${viewerRows}::jsonb) AS x(g uuid, k text, i uuid, f timestamp, l timestamp, n int)
        JOIN "Gallery" gal ON gal.id = x.g
        LEFT JOIN "GalleryInvite" inv ON inv.id = x.i
        ORDER BY x.g, x.k
        ON CONFLICT ("galleryId", key) DO UPDATE SET
          visits = "GalleryViewer".visits + EXCLUDED.visits - 1
            + CASE WHEN EXCLUDED."firstSeenAt" > "GalleryViewer"."lastSeenAt" + interval '30 minutes' THEN 1 ELSE 0 END,
          "firstSeenAt" = LEAST("GalleryViewer"."firstSeenAt", EXCLUDED."firstSeenAt"),
          "lastSeenAt" = GREATEST("GalleryViewer"."lastSeenAt", EXCLUDED."lastSeenAt"),
          "inviteId" = COALESCE(EXCLUDED."inviteId", "GalleryViewer"."inviteId")
        RETURNING id, "galleryId", key, (SELECT "adminId" FROM "Gallery" WHERE id = "GalleryViewer"."galleryId") AS "adminId"`;
      const viewerId = new Map(upserted.map((v) => [`${v.galleryId}|${v.key}`, v.id]));
      await noteFirstAnonymousViewers(tx, upserted);

      const pairs = [...batch.pairs.values()]
        .map((p) => ({ ...p, viewerId: viewerId.get(`${p.galleryId}|${p.viewerKey}`) }))
        .filter((p): p is PairEntry & { viewerId: string } => !!p.viewerId)
        .sort((a, b) => (a.viewerId + a.videoId < b.viewerId + b.videoId ? -1 : 1));
      const pairIds = JSON.stringify(pairs.map((p) => ({ v: p.viewerId, f: p.videoId, g: p.galleryId })));
      const created = await tx.$queryRaw<{ videoId: string }[]>`
        INSERT INTO "ViewerFilm" ("viewerId", "videoId", "galleryId")
        SELECT x.v, x.f, x.g FROM jsonb_to_recordset(${pairIds}::jsonb) AS x(v uuid, f uuid, g uuid)
        JOIN "Video" vid ON vid.id = x.f
        ORDER BY x.v, x.f
        ON CONFLICT DO NOTHING
        RETURNING "videoId"`;
      const stored = await tx.$queryRaw<{ viewerId: string; videoId: string; ranges: unknown; downloadDay: number | null; shareDay: number | null; castDay: number | null }[]>`
        SELECT vf."viewerId", vf."videoId", vf.ranges, vf."downloadDay", vf."shareDay", vf."castDay" FROM "ViewerFilm" vf
        JOIN jsonb_to_recordset(${pairIds}::jsonb) AS x(v uuid, f uuid, g uuid) ON vf."viewerId" = x.v AND vf."videoId" = x.f
        ORDER BY vf."viewerId", vf."videoId"
        FOR UPDATE OF vf`;
      const storedRows = new Map(stored.map((r) => [`${r.viewerId}|${r.videoId}`, r]));
      const updates = pairs
        .filter((p) => storedRows.has(`${p.viewerId}|${p.videoId}`))
        .map((p) => {
          const row = storedRows.get(`${p.viewerId}|${p.videoId}`)!;
          const ranges = capRanges(mergeRanges([...(Array.isArray(row.ranges) ? (row.ranges as Range[]) : []), ...p.ranges])).map(([s, e]): Range => [roundSeconds(s), roundSeconds(e)]);
          // Each event counts once per day: the days after the last one counted (read under the row's lock).
          const d = newDays(p.events.download, row.downloadDay);
          const s = newDays(p.events.share, row.shareDay);
          const c = newDays(p.events.cast, row.castDay);
          return { v: p.viewerId, f: p.videoId, r: ranges, w: roundSeconds(coverage(ranges)), p: roundSeconds(p.playSeconds), d: d.count, dd: d.last, s: s.count, sd: s.last, c: c.count, cd: c.last };
        });
      if (updates.length)
        await tx.$executeRaw`
          UPDATE "ViewerFilm" vf SET ranges = x.r, "watchedSeconds" = x.w, "playSeconds" = vf."playSeconds" + x.p,
            downloads = vf.downloads + x.d, shares = vf.shares + x.s, casts = vf.casts + x.c,
            "downloadDay" = x.dd, "shareDay" = x.sd, "castDay" = x.cd, "updatedAt" = now()
          FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS x(v uuid, f uuid, r jsonb, w float8, p float8, d int, dd int, s int, sd int, c int, cd int)
          WHERE vf."viewerId" = x.v AND vf."videoId" = x.f`;
      const downloads = new Map<string, number>();
      for (const u of updates) downloads.set(u.f, (downloads.get(u.f) ?? 0) + u.d);
      // guest.watched (90 % passed, seen against the stored ranges read under the lock) and download.created.
      const changes = updates.map((u) => {
        const before = storedRows.get(`${u.v}|${u.f}`)!.ranges;
        return { viewerId: u.v, videoId: u.f, watchedBefore: coverage(Array.isArray(before) ? (before as Range[]) : []), watchedNow: u.w, downloads: u.d };
      });
      deliveries.push(...(await publishViewerEvents(tx, changes)));

      const newViewers = new Map<string, number>();
      for (const c of created) newViewers.set(c.videoId, (newViewers.get(c.videoId) ?? 0) + 1);
      const films = [...batch.films.values()]
        .sort((a, b) => (a.videoId < b.videoId ? -1 : 1))
        .map((f) => ({ f: f.videoId, g: f.galleryId, h: heatJson(f.heat), p: roundSeconds(f.playSeconds), n: newViewers.get(f.videoId) ?? 0, d: downloads.get(f.videoId) ?? 0 }));
      await tx.$executeRaw`
        INSERT INTO "FilmStat" ("videoId", "galleryId", heat, "playSeconds", viewers, downloads, "updatedAt")
        SELECT x.f, x.g, CASE WHEN cardinality(x.h) = ${HEAT_BUCKETS} THEN x.h ELSE '{}' END, x.p, x.n, x.d, now()
        FROM jsonb_to_recordset(${JSON.stringify(films)}::jsonb) AS x(f uuid, g uuid, h float8[], p float8, n int, d int)
        JOIN "Video" vid ON vid.id = x.f
        ORDER BY x.f
        ON CONFLICT ("videoId") DO UPDATE SET
          heat = CASE
            WHEN cardinality(EXCLUDED.heat) = 0 THEN "FilmStat".heat
            WHEN cardinality("FilmStat".heat) = 0 THEN EXCLUDED.heat
            ELSE ARRAY(SELECT COALESCE(a, 0) + COALESCE(b, 0) FROM unnest("FilmStat".heat, EXCLUDED.heat) WITH ORDINALITY AS t(a, b, i) ORDER BY i)
          END,
          "playSeconds" = "FilmStat"."playSeconds" + EXCLUDED."playSeconds",
          viewers = "FilmStat".viewers + EXCLUDED.viewers,
          downloads = "FilmStat".downloads + EXCLUDED.downloads,
          "updatedAt" = now()`;
      return { pairs: updates.length, viewers: upserted.length, films: films.length };
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  await dispatchDeliveries(deliveries);
  return written;
}

let flushing: Promise<unknown> | null = null;

/**
 * Writes a buffer's reports (this process's by default) and empties it. A failed write puts the
 * reports back for the next flush (dropped after MAX_FLUSH_ATTEMPTS failures in a row). Flushes of
 * one buffer never overlap.
 */
export async function flushEngagement(target: EngagementBuffer = buffer): Promise<{ pairs: number; viewers: number; films: number }> {
  if (target === buffer) {
    while (flushing) await flushing;
  }
  const batch = target.take();
  if (batch.size === 0) return { pairs: 0, viewers: 0, films: 0 };
  const run = writeBatch(batch).catch((error: unknown) => {
    batch.attempts++;
    if (batch.attempts < MAX_FLUSH_ATTEMPTS) target.restore(batch);
    log().error({ err: error, pairs: batch.size, attempts: batch.attempts, dropped: batch.attempts >= MAX_FLUSH_ATTEMPTS }, "engagement flush failed");
    return { pairs: 0, viewers: 0, films: 0 };
  });
  if (target === buffer) flushing = run.finally(() => (flushing = null));
  return run;
}

let timer: ReturnType<typeof setInterval> | null = null;

/** The periodic flush of this process's buffer, and one last flush when the process is told to stop. Not under Jest (tests flush by hand). */
function startFlushing(): void {
  if (timer || env().NODE_ENV === "test") return;
  timer = setInterval(() => void flushEngagement(), env().ENGAGEMENT_FLUSH_SECONDS * 1000);
  timer.unref();
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      // server/server.mjs gives in-flight work a few seconds before it exits; when nothing else
      // listens for the signal, stop as the signal would have once the flush is done.
      const alone = process.listenerCount(signal) === 0;
      void flushEngagement().finally(() => alone && process.kill(process.pid, signal));
    });
  }
}

// ---------------------------------------------------------------------------------------------
// A report

export type EngagementInput = {
  gallery: string;
  videoId: string;
  ranges: Range[];
  event?: EngagementEvent;
  credentials: ViewerCredentials;
  /** The signed first-party viewer id (vf_viewer; the door issues one to a browser without). */
  viewerId: string;
  /** The client's address bucket (lib/security/client-ip.ts clientAddress): new anonymous viewers are capped per address. */
  address: string;
  userAgent: string | null;
  sessions: StudioSessions;
  now?: number;
  /** Tests: another process's buffer. */
  into?: EngagementBuffer;
};

/**
 * One report of a viewer, after the gate (missing film, studio not active, expired, locked: the
 * gate's refusals), into the buffer. The viewer is its invite when the gate knows it as a guest,
 * else its viewer id as admitted (admitViewer: a new anonymous viewer within its address's and the
 * gallery's daily caps, else the address's first viewer, else nothing counted). Not counted: bots,
 * the gallery's studio and super admins. The ranges are clamped to the film, then to what the
 * viewer's clock for the film allows (takePlay); a film whose duration is unknown counts its events only.
 */
export async function recordEngagement(input: EngagementInput): Promise<{ counted: boolean }> {
  if (isBot(input.userAgent)) return { counted: false };
  const now = input.now ?? Date.now();
  const film = await openFilm(input.gallery, input.videoId, input.credentials, { now, recent: true });
  const { decision } = film;
  if (isOwnVisit(input.sessions, film.adminId)) return { counted: false };
  const viewerKey = decision.guest ? `i:${decision.guest.inviteId}` : await admitViewer(film.galleryId, `a:${input.viewerId}`, input.address, now);
  if (!viewerKey) return { counted: false };

  const duration = film.durationSec && film.durationSec > 0 ? film.durationSec : null;
  const clamped = duration ? clampRanges(input.ranges, duration) : [];
  // An event-only report (a download, a share) leaves the viewer's clock for the film alone.
  const ranges = clamped.length ? takePlay(`${film.galleryId}|${viewerKey}|${film.id}`, clamped, duration!, now) : [];
  if (!ranges) return { counted: false };
  const target = input.into ?? buffer;
  if (!target.add({ galleryId: film.galleryId, viewerKey, inviteId: decision.guest?.inviteId ?? null, videoId: film.id, duration, ranges, event: input.event, at: now })) {
    log().warn({ pairs: target.size }, "engagement buffer full: a report was dropped");
    return { counted: false };
  }
  if (target === buffer) startFlushing();
  return { counted: true };
}
