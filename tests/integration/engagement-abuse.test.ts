// Issue 36 item 3: what one client can add to a studio's insights through the engagement door
// (`POST /api/public/engagement`) and the download door. The numbers are docs/security.md's
// ("Engagement figures"): at most 10 new anonymous viewers per client address, gallery and UTC day
// (more are counted as that address's first viewer of the day), at most 2000 per gallery and day;
// a report adds at most the film's length, and after a viewer's first report of a film at most
// 2 s (the player's fastest speed) per second of wall clock since, plus 5 s of slack; a download,
// share or cast counts once per viewer, film and day. An honest viewer's figures are unchanged.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST as engagement } from "@/app/api/public/engagement/route";
import { GET as download } from "@/app/api/public/download/[videoId]/route";
import { flushEngagement } from "@/lib/services/guests/engagement";
import { forgetGateCache } from "@/lib/services/access/open-gallery";
import { newViewerCookie } from "@/lib/services/public/viewer";
import { guestCookieName, inviteToken, newInviteSalt, tokenHash } from "@/lib/auth/guest-link";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { call, request, someAddress } from "../helpers/requests";
import { movableClock } from "../helpers/clock";
import { closeStatementLog, statementsOf } from "../helpers/statements";

jest.setTimeout(120_000);

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
/** The documented limits (docs/security.md, "Engagement figures"). */
const NEW_VIEWERS_PER_ADDRESS = 10;
const NEW_VIEWERS_PER_GALLERY = 2000;
const RATE = 2;
const GRACE = 5;
/** What two float sums of the same seconds may differ by. */
const FLOAT = 1e-9;
const DAY_MS = 24 * 3600_000;

type Opts = { cookie?: string; from?: string };
const report = (body: unknown, opts: Opts = {}) => call(engagement, request("POST", "/api/public/engagement", { body, cookie: opts.cookie, from: opts.from, headers: { "user-agent": BROWSER } }));
const viewerCookie = (res: Response) => res.headers.get("set-cookie")!.split(";")[0];

async function galleryWithFilm(durationSec: number) {
  const studio = await createStudio();
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 1 });
  await db.video.updateMany({ where: { galleryId: gallery.id }, data: { durationSec } });
  return { studio, gallery, film: videos[0] };
}

const viewersOf = (galleryId: string) => db.galleryViewer.findMany({ where: { galleryId }, include: { films: true }, orderBy: [{ firstSeenAt: "asc" }, { id: "asc" }] });
const statOf = (videoId: string) => db.filmStat.findUniqueOrThrow({ where: { videoId } });
const played = async (galleryId: string) => (await db.viewerFilm.findMany({ where: { galleryId } })).reduce((s, r) => s + r.playSeconds, 0);

let clock: ReturnType<typeof movableClock> | null = null;

beforeEach(async () => {
  forgetGateCache();
  await flushEngagement();
});
afterAll(() => closeStatementLog());
afterEach(() => {
  clock?.restore();
  clock = null;
});

describe("new anonymous viewers are capped", () => {
  it("30 cookieless reports from one address make at most 10 new viewers (the rest count as its first viewer); another address is still new", async () => {
    const { gallery, film } = await galleryWithFilm(100);
    const attacker = someAddress();
    const started = Date.now();
    for (let i = 0; i < 30; i++) expect((await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }, { from: attacker })).status).toBe(204);
    expect((await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }, { from: someAddress() })).status).toBe(204);
    const elapsed = (Date.now() - started) / 1000;
    await flushEngagement();

    const viewers = await viewersOf(gallery.id);
    expect(viewers).toHaveLength(NEW_VIEWERS_PER_ADDRESS + 1);
    expect((await statOf(film.id)).viewers).toBe(NEW_VIEWERS_PER_ADDRESS + 1);
    // The 20 over the cap were the attacker's first viewer: its play is bounded by the wall clock.
    expect(viewers[0].films[0].playSeconds).toBeLessThanOrEqual(10 + GRACE + RATE * elapsed);
    expect(await played(gallery.id)).toBeLessThanOrEqual((NEW_VIEWERS_PER_ADDRESS + 1) * 10 + GRACE + RATE * elapsed);
  });

  it(`a gallery takes at most ${NEW_VIEWERS_PER_GALLERY} new anonymous viewers a day; returning viewers and guests of personal links still count`, async () => {
    const { studio, gallery, film } = await galleryWithFilm(100);
    const now = Date.now();
    const today = new Date(Math.floor(now / DAY_MS) * DAY_MS + 1000);
    await db.galleryViewer.createMany({
      data: Array.from({ length: NEW_VIEWERS_PER_GALLERY - 1 }, (_, i) => ({ galleryId: gallery.id, key: `a:seeded-${i}`, firstSeenAt: today, lastSeenAt: today })),
    });
    // A viewer first seen yesterday, and a guest of a personal link.
    const returning = newViewerCookie();
    await db.galleryViewer.create({ data: { galleryId: gallery.id, key: `a:${returning.id}`, firstSeenAt: new Date(now - DAY_MS), lastSeenAt: new Date(now - DAY_MS) } });
    const inviteId = randomUUID();
    const salt = newInviteSalt();
    const token = inviteToken(inviteId, salt);
    await db.galleryInvite.create({ data: { id: inviteId, galleryId: gallery.id, adminId: studio.id, name: "Ada", email: `ada-${inviteId}@example.test`, salt, tokenHash: tokenHash(token) } });

    for (let i = 0; i < 3; i++) expect((await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }, { from: someAddress() })).status).toBe(204);
    expect((await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }, { cookie: `vf_viewer=${returning.value}` })).status).toBe(204);
    expect((await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }, { cookie: `${guestCookieName(gallery.id)}=${token}` })).status).toBe(204);
    await flushEngagement();

    const anonymousToday = await db.galleryViewer.count({ where: { galleryId: gallery.id, key: { startsWith: "a:" }, firstSeenAt: { gte: new Date(Math.floor(now / DAY_MS) * DAY_MS) } } });
    expect(anonymousToday).toBe(NEW_VIEWERS_PER_GALLERY);
    const counted = await db.viewerFilm.findMany({ where: { galleryId: gallery.id }, include: { viewer: true } });
    // Of the three new browsers only the first was taken; the returning viewer and the guest were counted.
    const keys = counted.map((r) => r.viewer.key);
    expect(keys).toHaveLength(3);
    expect(keys).toEqual(expect.arrayContaining([`a:${returning.id}`, `i:${inviteId}`]));
  });
});

describe("the caps hold for reports arriving at once", () => {
  it("30 first reports of one address at once make 10 new viewers; 20 of new addresses at once, one place left in the gallery's day, make 1", async () => {
    const { gallery, film } = await galleryWithFilm(100);
    const attacker = someAddress();
    const burst = (n: number, from: () => string) => Promise.all(Array.from({ length: n }, () => report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }, { from: from() })));
    expect((await burst(30, () => attacker)).map((r) => r.status)).toEqual(new Array(30).fill(204));
    expect(await db.galleryViewer.count({ where: { galleryId: gallery.id } })).toBe(NEW_VIEWERS_PER_ADDRESS);

    const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 1000);
    const seeded = NEW_VIEWERS_PER_GALLERY - NEW_VIEWERS_PER_ADDRESS - 1;
    await db.galleryViewer.createMany({ data: Array.from({ length: seeded }, (_, i) => ({ galleryId: gallery.id, key: `a:seeded-${i}`, firstSeenAt: today, lastSeenAt: today })) });
    expect((await burst(20, someAddress)).map((r) => r.status)).toEqual(new Array(20).fill(204));
    expect(await db.galleryViewer.count({ where: { galleryId: gallery.id } })).toBe(NEW_VIEWERS_PER_GALLERY);
  });

  it("a new viewer's admission is one statement: the gallery's lock is held inside the database, not across round trips of the app", async () => {
    const { gallery, film } = await galleryWithFilm(100);
    await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }); // the gate's lookup of the film, cached
    const sql = await statementsOf(() => report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }, { from: someAddress() }));
    expect(sql.filter((q) => /vf_admit_viewer/.test(q))).toHaveLength(1);
    expect(sql.filter((q) => /^(BEGIN|COMMIT)\b|pg_advisory/i.test(q.trim()))).toEqual([]);
    expect(await db.galleryViewer.count({ where: { galleryId: gallery.id } })).toBe(2);
  });
});

describe("play time is bounded by the film and the wall clock", () => {
  it("a report claiming 600 s of a 3 s film adds at most 3 s, and 30 of them at once barely more", async () => {
    const { gallery, film } = await galleryWithFilm(3);
    const claim = { gallery: gallery.customUrl, videoId: film.id, ranges: Array.from({ length: 60 }, () => [0, 10]) };
    const started = Date.now();
    const first = await report(claim);
    expect(first.status).toBe(204);
    await flushEngagement();
    expect(await played(gallery.id)).toBeLessThanOrEqual(3);
    const stat = await statOf(film.id);
    expect(stat.playSeconds).toBeLessThanOrEqual(3);
    expect(stat.heat.reduce((s, h) => s + h, 0)).toBeLessThanOrEqual(3 + 1e-6);

    // 30 more at once: at most 2 s per second since the first report (which used its allowance).
    const cookie = viewerCookie(first);
    for (let i = 0; i < 30; i++) await report(claim, { cookie });
    await flushEngagement();
    // Read after the flush: the bound is the wall clock up to the last moment the service could
    // have read it (measured before the flush, a loaded machine's slow flush failed it once).
    const elapsed = (Date.now() - started) / 1000;
    expect(await played(gallery.id)).toBeLessThanOrEqual(3 + RATE * elapsed + 1e-6);
  });

  it("two reports 1 s apart claiming 60 s each: the second adds at most 1 s × 2 (the fastest speed) + 5 s; a burst adds nothing more", async () => {
    const { gallery, film } = await galleryWithFilm(600);
    clock = movableClock();
    const started = Date.now();
    const first = await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 60]] });
    const cookie = viewerCookie(first);
    clock.advance(1000);
    await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[60, 120]] }, { cookie });
    // Seconds since the first report: the 1 s the clock was moved, and the little the test took.
    // Read after the flush, the last moment any part of the service could have read the clock. Read
    // before it, a CI run saw the second report allowed 2 ms of play more than the bound (7.020
    // against 7.018): the service had 1 ms more between the reports than the test (not explained).
    const since = () => (Date.now() - started) / 1000;
    await flushEngagement();
    const secondAt = since();
    const afterTwo = await played(gallery.id);
    expect(afterTwo).toBeGreaterThanOrEqual(60);
    // (FLOAT: the bound and the figure are sums of different float terms; equal in seconds, they may differ in the 15th digit — a CI run saw 7.030000000000001 against 7.029999999999999.)
    expect(afterTwo - 60).toBeLessThanOrEqual(RATE * secondAt + GRACE + FLOAT);

    // 50 more at once: together with the second, still at most 2 s per second since the first, + 5 s.
    for (let i = 0; i < 50; i++) await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[120 + i * 10, 130 + i * 10]] }, { cookie });
    await flushEngagement();
    expect((await played(gallery.id)) - 60).toBeLessThanOrEqual(RATE * since() + GRACE + FLOAT);
    const stat = await statOf(film.id);
    expect(stat.playSeconds).toBeCloseTo(await played(gallery.id), 2);
  });

  it("an honest viewer's figures are unchanged: 1× and 2× speed reporting every 10 s, a pause, a report after a long hidden stretch", async () => {
    const { gallery, film } = await galleryWithFilm(1000);
    clock = movableClock();
    const body = (ranges: number[][]) => ({ gallery: gallery.customUrl, videoId: film.id, ranges });
    // A: 1× speed, 12 reports 10 s apart, a 5-minute pause, then 6 more.
    const a = viewerCookie(await report(body([[0, 10]])));
    // B: 2× speed, 20 s of the film every 10 s.
    const b = viewerCookie(await report(body([[0, 20]])));
    // C: its tab hidden (timers throttled) for 5 minutes: the first report carries 300 s.
    clock.advance(300_000);
    const c = viewerCookie(await report(body([[0, 300]])));
    for (let beat = 1; beat < 12; beat++) {
      clock.advance(10_000);
      await report(body([[beat * 10, beat * 10 + 10]]), { cookie: a });
      await report(body([[beat * 20, beat * 20 + 20]]), { cookie: b });
    }
    clock.advance(300_000);
    for (let beat = 12; beat < 18; beat++) {
      clock.advance(10_000);
      await report(body([[beat * 10, beat * 10 + 10]]), { cookie: a });
    }
    // C again, its tab hidden for another 10 minutes since its first report: 590 s more.
    clock.advance(130_000);
    await report(body([[300, 890]]), { cookie: c });
    await flushEngagement();

    const rows = await db.viewerFilm.findMany({ where: { galleryId: gallery.id }, include: { viewer: true } });
    const of = (cookie: string) => rows.find((r) => r.viewer.key === `a:${cookie.split("=")[1].split(".")[0]}`)!;
    expect([of(a).playSeconds, of(a).watchedSeconds]).toEqual([180, 180]);
    expect([of(b).playSeconds, of(b).watchedSeconds]).toEqual([240, 240]);
    expect([of(c).playSeconds, of(c).watchedSeconds]).toEqual([890, 890]);
    const stat = await statOf(film.id);
    expect([stat.viewers, stat.playSeconds]).toEqual([3, 180 + 240 + 890]);
  });
});

describe("events count once per viewer, film and day", () => {
  it("repeated downloads, shares and casts of one viewer count once a day; the next day once more", async () => {
    const { gallery, film } = await galleryWithFilm(100);
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true } });
    clock = movableClock();
    const get = (cookie?: string) => call(download, request("GET", `/api/public/download/${film.id}?g=${gallery.customUrl}`, { cookie, headers: { "user-agent": BROWSER } }), { videoId: film.id });
    const first = await get();
    expect(first.status).toBe(302);
    const cookie = viewerCookie(first);
    for (let i = 0; i < 5; i++) expect((await get(cookie)).status).toBe(302);
    for (let i = 0; i < 5; i++) for (const event of ["share", "cast"]) expect((await report({ gallery: gallery.customUrl, videoId: film.id, event }, { cookie })).status).toBe(204);
    await flushEngagement();
    // Another flush with more of the same day: still once.
    await get(cookie);
    await report({ gallery: gallery.customUrl, videoId: film.id, event: "share" }, { cookie });
    await flushEngagement();
    let row = await db.viewerFilm.findFirstOrThrow({ where: { galleryId: gallery.id } });
    expect([row.downloads, row.shares, row.casts]).toEqual([1, 1, 1]);
    expect((await statOf(film.id)).downloads).toBe(1);

    clock.advance(DAY_MS);
    forgetGateCache();
    for (let i = 0; i < 3; i++) await get(cookie);
    await report({ gallery: gallery.customUrl, videoId: film.id, event: "cast" }, { cookie });
    await flushEngagement();
    row = await db.viewerFilm.findFirstOrThrow({ where: { galleryId: gallery.id } });
    expect([row.downloads, row.shares, row.casts]).toEqual([2, 1, 2]);
    expect((await statOf(film.id)).downloads).toBe(2);
  });
});

describe("the studio's figures after an attack", () => {
  it("stay within the documented error: an honest viewer, then one address's 30 browsers claiming 600 s each and downloading 3 times", async () => {
    const { gallery, film } = await galleryWithFilm(120);
    await db.gallery.update({ where: { id: gallery.id }, data: { settingDownload: true } });
    clock = movableClock();
    const honest = viewerCookie(await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[0, 10]] }));
    for (let beat = 1; beat < 12; beat++) {
      clock.advance(10_000);
      await report({ gallery: gallery.customUrl, videoId: film.id, ranges: [[beat * 10, beat * 10 + 10]] }, { cookie: honest });
    }
    const attacker = someAddress();
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      const res = await report({ gallery: gallery.customUrl, videoId: film.id, ranges: Array.from({ length: 60 }, () => [0, 10]) }, { from: attacker });
      const cookie = viewerCookie(res);
      for (let d = 0; d < 3; d++)
        await call(download, request("GET", `/api/public/download/${film.id}?g=${gallery.customUrl}`, { cookie, from: attacker, headers: { "user-agent": BROWSER } }), { videoId: film.id });
    }
    const elapsed = (Date.now() - started) / 1000;
    await flushEngagement();

    const stat = await statOf(film.id);
    // Honest: 1 viewer, 120 s, no download. The attack adds at most 10 viewers, each at most the
    // film's length at once (+ 2 s per second it lasted, + 5 s), and one download per viewer.
    expect(stat.viewers).toBeLessThanOrEqual(1 + NEW_VIEWERS_PER_ADDRESS);
    expect(stat.playSeconds).toBeLessThanOrEqual(120 + NEW_VIEWERS_PER_ADDRESS * (120 + GRACE + RATE * elapsed));
    expect(stat.downloads).toBeLessThanOrEqual(NEW_VIEWERS_PER_ADDRESS);
    expect(await db.galleryViewer.count({ where: { galleryId: gallery.id } })).toBeLessThanOrEqual(1 + NEW_VIEWERS_PER_ADDRESS);
    const honestRow = (await db.viewerFilm.findMany({ where: { galleryId: gallery.id }, include: { viewer: true } })).find((r) => r.viewer.key === `a:${honest.split("=")[1].split(".")[0]}`)!;
    expect([honestRow.playSeconds, honestRow.watchedSeconds, honestRow.downloads]).toEqual([120, 120, 0]);
  });
});
