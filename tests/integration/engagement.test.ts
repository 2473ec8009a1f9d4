// Engagement ingestion (issue 21): reports through the public door are buffered and merged per
// viewer and film, and a flush writes them in one transaction; the studio's own plays, bots, locked
// and expired galleries, and bad input count nothing; the viewer data goes with the gallery.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST as engagement } from "@/app/api/public/engagement/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { EngagementBuffer, flushEngagement, NO_SESSIONS, recordEngagement } from "@/lib/services/guests/engagement";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { NO_CREDENTIALS } from "@/lib/services/access/gate";
import { guestCookieName, inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { HEAT_BUCKETS } from "@/lib/services/guests/rules/engagement";
import { hashPassword } from "@/lib/auth/password";
import { encode } from "next-auth/jwt";
import { createFolderWithGallery, createStudio, createSuperadmin } from "../helpers/factories";
import { call, request, sessionCookieFor } from "../helpers/requests";
import { closeStatementLog, statementsOf } from "../helpers/statements";
import { movableClock } from "../helpers/clock";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

function report(body: unknown, opts: { cookie?: string; ua?: string | null; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.ua !== null) headers["user-agent"] = opts.ua ?? BROWSER;
  return call(engagement, request("POST", "/api/public/engagement", { body: opts.raw === undefined ? body : undefined, rawBody: opts.raw, cookie: opts.cookie, headers }));
}
const viewerCookie = (res: Response) => res.headers.get("set-cookie")!.split(";")[0];

async function galleryWithFilms(n = 1, durationSec = 100) {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: n });
  await db.video.updateMany({ where: { galleryId: gallery.id }, data: { durationSec } });
  return { studio, gallery, videos };
}

const filmRows = (galleryId: string) => db.viewerFilm.findMany({ where: { galleryId }, include: { viewer: true }, orderBy: { viewerId: "asc" } });
/**
 * Rows inserted and updated so far in one engagement table, by Postgres's own statistics. A
 * backend reports them when it goes idle (at most once a second): wait until they stop changing.
 */
async function rowsWritten(table: "GalleryViewer" | "ViewerFilm" | "FilmStat", settled = false): Promise<number> {
  const read = async () => {
    await db.$executeRaw`SELECT pg_stat_clear_snapshot()`;
    const rows = await db.$queryRaw<{ n: bigint }[]>`SELECT (n_tup_ins + n_tup_upd)::bigint AS n FROM pg_stat_user_tables WHERE relname = ${table}`;
    return Number(rows[0]?.n ?? 0);
  };
  let last = await read();
  if (!settled) return last;
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await read();
    if (now === last && i >= 6) return now;
    last = now;
  }
  return last;
}

afterAll(closeStatementLog);

/**
 * A player's reports come as fast as it plays (lib/services/guests/engagement-limits.ts bounds play by the
 * wall clock): tests that send one viewer's heartbeats move the clock by what each one played.
 */
let clock: ReturnType<typeof movableClock> | null = null;
const played = (seconds: number) => clock!.advance(seconds * 1000);

beforeEach(async () => {
  forgetGateCache();
  await flushEngagement(); // nothing of another test left behind
  clock = movableClock();
});
afterEach(() => clock?.restore());

describe("POST /api/public/engagement", () => {
  it("merges a viewer's heartbeats into one row per film: its ranges, watched and played seconds, the heat strip, the film's totals", async () => {
    const { gallery, videos } = await galleryWithFilms(2, 100);
    const first = await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] });
    expect(first.status).toBe(204);
    const cookie = viewerCookie(first);
    expect(cookie).toMatch(/^vf_viewer=/);
    for (const ranges of [
      [[10, 20]],
      [
        [20, 25],
        [60, 70],
      ],
      [[5, 15]],
    ]) {
      played(ranges.reduce((t, [s, e]) => t + e - s, 0));
      expect((await report({ galleryId: gallery.id, videoId: videos[0].id, ranges }, { cookie })).status).toBe(204);
    }
    // The end of the film is clamped to its duration.
    played(5);
    await report({ slug: gallery.customUrl, videoId: videos[0].id, ranges: [[95, 130]] }, { cookie });
    await report({ gallery: gallery.customUrl, videoId: videos[1].id, ranges: [[0, 3]], event: "share" }, { cookie });
    await report({ gallery: gallery.customUrl, videoId: videos[1].id, ranges: [], event: "cast" }, { cookie });

    expect(await filmRows(gallery.id)).toHaveLength(0); // buffered, not written
    const flushed = await flushEngagement();
    expect(flushed).toEqual({ pairs: 2, viewers: 1, films: 2 });

    const rows = await filmRows(gallery.id);
    expect(rows).toHaveLength(2);
    const a = rows.find((r) => r.videoId === videos[0].id)!;
    expect(a.ranges).toEqual([
      [0, 25],
      [60, 70],
      [95, 100],
    ]);
    expect(a.watchedSeconds).toBe(40); // 40 % of the film
    expect(a.playSeconds).toBe(10 + 10 + 5 + 10 + 10 + 5);
    expect(a.viewer.key).toBe(`a:${cookie.split("=")[1].split(".")[0]}`);
    expect(a.viewer.inviteId).toBeNull();
    expect(a.viewer.visits).toBe(1);
    const b = rows.find((r) => r.videoId === videos[1].id)!;
    expect([b.shares, b.casts, b.watchedSeconds]).toEqual([1, 1, 3]);

    const stat = await db.filmStat.findUniqueOrThrow({ where: { videoId: videos[0].id } });
    expect(stat.heat).toHaveLength(HEAT_BUCKETS);
    expect(stat.heat.reduce((s, h) => s + h, 0)).toBeCloseTo(50, 6);
    expect(stat.heat[0]).toBeCloseTo(1); // [0, 1) once
    expect(stat.heat[7]).toBeCloseTo(2); // [7, 8) watched, then re-watched from 5 to 15
    expect(stat.heat[30]).toBe(0);
    expect([stat.viewers, stat.playSeconds, stat.galleryId]).toEqual([1, 50, gallery.id]);

    // A later flush merges into the stored row, and the heat adds up.
    played(37);
    await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[24, 61]] }, { cookie });
    await flushEngagement();
    const again = await db.viewerFilm.findFirstOrThrow({ where: { videoId: videos[0].id } });
    expect(again.ranges).toEqual([
      [0, 70],
      [95, 100],
    ]);
    expect(again.watchedSeconds).toBe(75);
    const stat2 = await db.filmStat.findUniqueOrThrow({ where: { videoId: videos[0].id } });
    expect([stat2.viewers, stat2.playSeconds]).toEqual([1, 87]);
    expect(stat2.heat.reduce((s, h) => s + h, 0)).toBeCloseTo(87, 6);
  });

  it("writes rows per (viewer, film) pair and flush, not per heartbeat", async () => {
    const { gallery, videos } = await galleryWithFilms(1, 600);
    const cookies: string[] = [];
    for (let v = 0; v < 5; v++) cookies.push(viewerCookie(await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 1]] })));
    await flushEngagement();
    const before = await rowsWritten("ViewerFilm", true);
    // 5 viewers × 30 heartbeats (five minutes of playing), then one flush.
    for (let beat = 1; beat <= 30; beat++)
      for (const cookie of cookies) {
        played(2); // the five players' beats spread over the 10 s
        expect((await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[beat * 10, beat * 10 + 10]] }, { cookie })).status).toBe(204);
      }
    expect(await flushEngagement()).toEqual({ pairs: 5, viewers: 5, films: 1 });
    const written = (await rowsWritten("ViewerFilm", true)) - before;
    // One update per pair (5), not one per heartbeat (150); other test files may write meanwhile.
    expect(written).toBeGreaterThanOrEqual(5);
    expect(written).toBeLessThan(50);
    const rows = await filmRows(gallery.id);
    expect(rows).toHaveLength(5);
    for (const r of rows)
      expect(r.ranges).toEqual([
        [0, 1],
        [10, 310],
      ]);
  });

  it("40 heartbeats at once for a film not yet looked up wait for one lookup of it, not 40", async () => {
    const { gallery, videos } = await galleryWithFilms(2, 600);
    let answers: number[] = [];
    const sql = await statementsOf(async () => {
      const all = await Promise.all(Array.from({ length: 40 }, (_, i) => report({ gallery: gallery.customUrl, videoId: videos[i % 2].id, ranges: [[0, 10]] })));
      answers = all.map((r) => r.status);
    });
    expect(answers).toEqual(new Array(40).fill(204));
    expect(sql.filter((q) => /FROM "public"\."Video"/.test(q))).toHaveLength(2); // one per film
    expect(await flushEngagement()).toEqual({ pairs: 40, viewers: 40, films: 2 });
  });

  it("keys an invitee by the invite, whatever browser it uses", async () => {
    const { studio, gallery, videos } = await galleryWithFilms(1, 100);
    const id = randomUUID();
    const salt = newInviteSalt();
    const token = inviteToken(id, salt);
    await db.galleryInvite.create({ data: { id, galleryId: gallery.id, adminId: studio.id, name: "Ada", email: `ada-${id}@example.test`, salt, tokenHash: tokenHash(token) } });
    const guest = `${guestCookieName(gallery.id)}=${token}`;
    await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] }, { cookie: guest });
    played(10);
    await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[10, 20]] }, { cookie: guest });
    await flushEngagement();
    const rows = await filmRows(gallery.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].viewer).toMatchObject({ key: `i:${id}`, inviteId: id });
    expect(rows[0].ranges).toEqual([[0, 20]]);
  });

  it("two processes flushing the same viewer and film at once lose nothing", async () => {
    const { gallery, videos } = await galleryWithFilms(1, 1000);
    const viewerId = "v".repeat(22);
    const processes = Array.from({ length: 4 }, () => new EngagementBuffer());
    const at = Date.now();
    // Each process got some of the viewer's heartbeats (a load balancer spreads them), twice over.
    for (let round = 0; round < 2; round++) {
      for (let beat = 0; beat < 40; beat++) {
        const p = processes[beat % processes.length];
        const start = round * 400 + beat * 10;
        await recordEngagement({
          gallery: gallery.id,
          videoId: videos[0].id,
          ranges: [[start, start + 10]],
          credentials: NO_CREDENTIALS,
          viewerId,
          address: "192.0.2.7",
          userAgent: BROWSER,
          sessions: NO_SESSIONS,
          now: at + (round * 40 + beat) * 10_000, // a heartbeat every 10 s
          into: p,
        });
      }
      await Promise.all(processes.map((p) => flushEngagement(p)));
    }
    const rows = await filmRows(gallery.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].ranges).toEqual([[0, 800]]);
    expect([rows[0].watchedSeconds, rows[0].playSeconds]).toEqual([800, 800]);
    const stat = await db.filmStat.findUniqueOrThrow({ where: { videoId: videos[0].id } });
    expect([stat.viewers, stat.playSeconds]).toEqual([1, 800]);
    expect(stat.heat.reduce((s, h) => s + h, 0)).toBeCloseTo(800, 6);
  });

  it("a new visit starts after 30 minutes without a report", async () => {
    const { gallery, videos } = await galleryWithFilms(1, 100);
    const viewerId = "w".repeat(22);
    const at = Date.now();
    const send = (now: number) =>
      recordEngagement({ gallery: gallery.id, videoId: videos[0].id, ranges: [[0, 5]], credentials: NO_CREDENTIALS, viewerId, address: "192.0.2.8", userAgent: BROWSER, sessions: NO_SESSIONS, now });
    await send(at - 3 * 3600_000);
    await flushEngagement();
    await send(at - 3600_000); // an hour later: the second visit
    await send(at - 3590_000);
    await flushEngagement();
    await send(at - 3500_000); // within 30 minutes: the same visit
    await flushEngagement();
    const viewer = await db.galleryViewer.findFirstOrThrow({ where: { galleryId: gallery.id } });
    expect(viewer.visits).toBe(2);
    expect(viewer.firstSeenAt.getTime()).toBe(at - 3 * 3600_000);
    expect(viewer.lastSeenAt.getTime()).toBe(at - 3500_000);
  });

  it("never counts the studio's own plays: its session, a super admin's, or a super admin in the studio's account", async () => {
    const { studio, gallery, videos } = await galleryWithFilms(1, 100);
    const superadmin = await createSuperadmin();
    const own = await sessionCookieFor(studio);
    const admin = await sessionCookieFor(superadmin);
    for (const cookie of [own, admin, `${own}; ${admin}`]) {
      const res = await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] }, { cookie });
      expect(res.status).toBe(204);
    }
    // A super admin signed in as another studio ("Sign in as client"): not counted either.
    const other = await createStudio();
    const impersonated = await encode({
      secret: process.env.AUTH_SECRET!,
      token: { sub: other.id, role: "admin", sv: 0, sid: randomUUID(), imp: { id: superadmin.id, email: superadmin.email, sv: 0 } },
    });
    expect((await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] }, { cookie: `next-auth.session-token=${impersonated}` })).status).toBe(204);
    // Another studio's own session is a viewer like any other.
    await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] }, { cookie: await sessionCookieFor(other) });
    await flushEngagement();
    expect(await filmRows(gallery.id)).toHaveLength(1);
  });

  it("does not count the studio's own downloads, counts a viewer's", async () => {
    const { studio, gallery, videos } = await galleryWithFilms(1, 100);
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true } });
    const get = (cookie?: string) =>
      call(download, request("GET", `/api/public/download/${videos[0].id}?g=${gallery.customUrl}`, { cookie, headers: { "user-agent": BROWSER } }), { videoId: videos[0].id });
    expect((await get(await sessionCookieFor(studio))).status).toBe(302);
    expect((await get()).status).toBe(302);
    await flushEngagement();
    const rows = await filmRows(gallery.id);
    expect(rows.map((r) => r.downloads)).toEqual([1]);
    expect((await db.filmStat.findUniqueOrThrow({ where: { videoId: videos[0].id } })).downloads).toBe(1);
  });

  it("refuses a locked, expired or missing gallery with the gate's answer, and a lock takes effect within seconds", async () => {
    const { gallery, videos } = await galleryWithFilms(1, 100);
    const body = { gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] };
    expect((await report(body)).status).toBe(204);
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: await hashPassword("a-long-password"), passwordVersion: 1 } });
    forgetGateCache(); // what GATE_CACHE_MS does by itself
    const locked = await report(body);
    expect(locked.status).toBe(401);
    expect((await locked.json()).code).toBe("gallery_locked");
    // Unlocked by its password's cookie: counted again.
    expect((await report(body, { cookie: `${unlockCookieName(gallery.id)}=${unlockCookieValue(gallery.id, 1)}` })).status).toBe(204);
    await db.gallery.update({ where: { id: gallery.id }, data: { passwordHash: null, expiresAt: new Date(Date.now() - 1000) } });
    forgetGateCache();
    const expired = await report(body);
    expect(expired.status).toBe(403);
    expect((await expired.json()).code).toBe("gallery_expired");
    expect((await report({ ...body, videoId: randomUUID() })).status).toBe(404);
    await flushEngagement();
    // The two reports let in, each from a browser without a viewer cookie: two viewers, [0, 10] each.
    expect((await filmRows(gallery.id)).map((r) => r.watchedSeconds)).toEqual([10, 10]);
  });

  it("ignores bots", async () => {
    const { gallery, videos } = await galleryWithFilms(1, 100);
    for (const ua of [null, "Googlebot/2.1", "curl/8.0", "Mozilla/5.0 HeadlessChrome/120"])
      expect((await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] }, { ua })).status).toBe(204);
    await flushEngagement();
    expect(await filmRows(gallery.id)).toHaveLength(0);
  });

  it("answers bad input with a 4xx and changes nothing", async () => {
    const { gallery, videos } = await galleryWithFilms(1, 100);
    const ok = { gallery: gallery.customUrl, videoId: videos[0].id };
    const bad: unknown[] = [
      { ...ok, ranges: [[10, 5]] },
      { ...ok, ranges: [[-1, 5]] },
      { ...ok, ranges: [[0, 1e12]] },
      { ...ok, ranges: [[0, "5"]] },
      { ...ok, ranges: [[0, 5, 6]] },
      { ...ok, ranges: Array.from({ length: 61 }, (_, i) => [i, i + 1]) },
      { ...ok, ranges: [] },
      { ...ok, ranges: [[0, 5]], event: "like" },
      { ...ok, ranges: [[0, 5]], extra: 1 },
      { videoId: videos[0].id, ranges: [[0, 5]] },
      { ...ok, videoId: "not-an-id", ranges: [[0, 5]] },
      null,
      [],
    ];
    for (const body of bad) {
      const res = await report(body);
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), 400]);
      expect((await res.json()).code).toBe("validation");
    }
    expect((await report(undefined, { raw: "{not json" })).status).toBe(400);
    const huge = await report(undefined, { raw: JSON.stringify({ ...ok, ranges: [[0, 1]], pad: "x".repeat(10_000) }) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe("payload_too_large");
    await flushEngagement();
    expect(await filmRows(gallery.id)).toHaveLength(0);
    expect(await db.filmStat.count({ where: { galleryId: gallery.id } })).toBe(0);
  });

  it("deletes the viewer data with the gallery", async () => {
    const { gallery, videos } = await galleryWithFilms(2, 100);
    await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[0, 10]] });
    await report({ gallery: gallery.customUrl, videoId: videos[1].id, ranges: [[0, 10]] });
    await flushEngagement();
    expect(await db.viewerFilm.count({ where: { galleryId: gallery.id } })).toBe(2);
    // A report still in a buffer when the gallery goes is dropped at the flush, not resurrected.
    await report({ gallery: gallery.customUrl, videoId: videos[0].id, ranges: [[10, 20]] });
    await db.gallery.delete({ where: { id: gallery.id } });
    await flushEngagement();
    expect(await db.galleryViewer.count({ where: { galleryId: gallery.id } })).toBe(0);
    expect(await db.viewerFilm.count({ where: { galleryId: gallery.id } })).toBe(0);
    expect(await db.filmStat.count({ where: { galleryId: gallery.id } })).toBe(0);
  });
});
