// The studio's insights of a gallery (issue 21, item 4): the numbers and names read from the
// engagement tables (rows inserted here as the ingestion writes them), pagination and order, the
// CSV (content, RFC 4180 quoting, formula injection), one studio never seeing another's, and a
// gallery of 1,000 viewers × 20 films paged and exported whole (its time is bench/engagement's).
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { GET as getInsights } from "@/app/api/galleries/gallery/[id]/insights/route";
import { GET as getCsv } from "@/app/api/galleries/gallery/[id]/insights/csv/route";
import { galleryInsights, galleryInsightsCsv } from "@/lib/services/guests/insights";
import { HEAT_BUCKETS } from "@/lib/services/guests/rules/engagement";
import type { GalleryInsights } from "@/lib/services/guests/rules/insights";
import { TEXTS } from "@/lib/texts";
import { createFolderWithGallery, createStudio } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";

type Studio = Awaited<ReturnType<typeof createStudio>>;

/** A name a spreadsheet would run as a formula (it sorts before "Anna" in any collation). */
/** A guest's name that would run as a formula, at its start and after a ';' (where Excel in de/fr/es/it/pt splits a line). */
const EVIL = '=A1+HYPERLINK("http://evil.example","click");=HYPERLINK("http://evil.example")';
/** The same as the CSV holds it (lib/services/data/rules/csv.ts): a ' before each formula. */
const EVIL_CSV = `'=A1+HYPERLINK("http://evil.example","click");'=HYPERLINK("http://evil.example")`;
const T0 = new Date("2026-11-20T10:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

async function invite(gallery: { id: string; adminId: string }, name: string, email: string) {
  return db.galleryInvite.create({ data: { galleryId: gallery.id, adminId: gallery.adminId, name, email, salt: randomUUID(), tokenHash: randomUUID() } });
}

async function viewer(galleryId: string, key: string, first: Date, last: Date, visits: number, inviteId?: string) {
  return db.galleryViewer.create({ data: { galleryId, key, inviteId: inviteId ?? null, firstSeenAt: first, lastSeenAt: last, visits } });
}

async function watched(viewerId: string, video: { id: string; galleryId: string }, f: { watched: number; played?: number; downloads?: number; shares?: number; casts?: number }) {
  return db.viewerFilm.create({
    data: {
      viewerId,
      videoId: video.id,
      galleryId: video.galleryId,
      ranges: [[0, f.watched]],
      watchedSeconds: f.watched,
      playSeconds: f.played ?? f.watched,
      downloads: f.downloads ?? 0,
      shares: f.shares ?? 0,
      casts: f.casts ?? 0,
    },
  });
}

/** RFC 4180, for reading the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"' && (quoted || cell === "")) quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endRow();
      i++;
    } else cell += c;
  }
  if (cell || row.length) endRow();
  return rows;
}

/**
 * Studio A's gallery: two films (100 s "Ceremony", 200 s "Speeches, \"toasts\""); an invitee Anna
 * and two anonymous viewers, plus a viewer whose invite was deleted since.
 */
async function seedGallery(studio: Studio) {
  const { gallery, videos } = await createFolderWithGallery(studio.id, { videos: 2 });
  await db.gallery.update({ where: { id: gallery.id }, data: { name: "Emma & James: the day" } });
  // Newest first in the editor: videos[1] was made last, so it is listed first.
  const ceremony = await db.video.update({ where: { id: videos[0].id }, data: { title: "Ceremony", durationSec: 100, createdAt: at(-10) } });
  const speeches = await db.video.update({ where: { id: videos[1].id }, data: { title: 'Speeches, "toasts"', durationSec: 200, createdAt: at(-5) } });
  const anna = await invite(gallery, "Anna", `anna-${randomUUID().slice(0, 6)}@example.test`);
  const sneaky = await invite(gallery, EVIL, `sneaky-${randomUUID().slice(0, 6)}@example.test`);
  const vAnna = await viewer(gallery.id, `i:${anna.id}`, at(0), at(600), 3, anna.id);
  const vGuest1 = await viewer(gallery.id, "a:first-anonymous", at(5), at(6), 1);
  const vGuest2 = await viewer(gallery.id, "a:second-anonymous", at(7), at(900), 2);
  const vSneaky = await viewer(gallery.id, `i:${sneaky.id}`, at(8), at(8), 1, sneaky.id);
  await watched(vAnna.id, ceremony, { watched: 92, played: 150, downloads: 1 });
  await watched(vAnna.id, speeches, { watched: 20 });
  await watched(vGuest1.id, speeches, { watched: 50, played: 60, shares: 1 });
  await watched(vGuest2.id, ceremony, { watched: 0.4, played: 0.4 });
  await watched(vSneaky.id, ceremony, { watched: 10, casts: 2 });
  const heat = Array.from({ length: HEAT_BUCKETS }, (_, i) => (i < 10 ? 3 : i < 92 ? 1 : 0));
  await db.filmStat.create({ data: { videoId: ceremony.id, galleryId: gallery.id, heat, playSeconds: 160.4, viewers: 3, downloads: 1 } });
  await db.filmStat.create({ data: { videoId: speeches.id, galleryId: gallery.id, heat: new Array(HEAT_BUCKETS).fill(0.8), playSeconds: 80, viewers: 2, downloads: 0 } });
  return { gallery, ceremony, speeches, anna, sneaky, viewers: { vAnna, vGuest1, vGuest2, vSneaky } };
}

let A: Studio;
let B: Studio;
let tokenA: string;
let tokenB: string;
let seeded: Awaited<ReturnType<typeof seedGallery>>;

beforeAll(async () => {
  A = await createStudio();
  B = await createStudio();
  tokenA = await bearerFor(A);
  tokenB = await bearerFor(B);
  seeded = await seedGallery(A);
});

const fetchInsights = (token: string, galleryId: string, query = "") => call(getInsights, request("GET", `/api/galleries/gallery/${galleryId}/insights${query}`, { token }), { id: galleryId });
const fetchCsv = (token: string, galleryId: string) => call(getCsv, request("GET", `/api/galleries/gallery/${galleryId}/insights/csv`, { token }), { id: galleryId });

describe("a gallery's insights", () => {
  it("count viewers, visits, watch time and downloads, and give each film its strip and totals", async () => {
    const res = await fetchInsights(tokenA, seeded.gallery.id);
    expect(res.status).toBe(200);
    const { insights } = (await res.json()) as { insights: GalleryInsights };
    expect(insights.gallery).toEqual({ id: seeded.gallery.id, name: "Emma & James: the day" });
    expect(insights.totals).toEqual({ viewers: 4, visits: 7, playSeconds: 240.4, downloads: 1 });
    expect(insights.films.map((f) => [f.title, f.durationSec, f.playSeconds, f.viewers, f.downloads])).toEqual([
      ['Speeches, "toasts"', 200, 80, 2, 0],
      ["Ceremony", 100, 160.4, 3, 1],
    ]);
    expect(insights.films[1].heat).toHaveLength(HEAT_BUCKETS);
    expect(insights.films[1].heat.slice(8, 12)).toEqual([3, 3, 1, 1]);
  });

  it('name viewers: the invitee by name, anonymous viewers "Guest 1, 2" by first sight, with % watched per film', async () => {
    const { viewers } = await galleryInsights(A, seeded.gallery.id, { page: 1, pageSize: 25, sort: "name" });
    expect(viewers.total).toBe(4);
    expect(viewers.items.map((v) => [v.name, v.invited, v.visits, v.downloads])).toEqual([
      [EVIL, true, 1, 0],
      ["Anna", true, 3, 1],
      ["Guest 1", false, 1, 0],
      ["Guest 2", false, 2, 0],
    ]);
    const anna = viewers.items[1];
    expect(anna.firstSeenAt).toBe(at(0).toISOString());
    expect(anna.lastSeenAt).toBe(at(600).toISOString());
    const byFilm = Object.fromEntries(anna.films.map((f) => [f.videoId, f]));
    expect(byFilm[seeded.ceremony.id]).toEqual({ videoId: seeded.ceremony.id, percent: 92, watchedSeconds: 92, playSeconds: 150, downloads: 1 });
    expect(byFilm[seeded.speeches.id].percent).toBe(10);
    expect(viewers.items[2].films).toEqual([{ videoId: seeded.speeches.id, percent: 25, watchedSeconds: 50, playSeconds: 60, downloads: 0 }]);
    // A glance of a second: a little more than nothing (0.4 %), never rounded up to a share not watched.
    expect(viewers.items[3].films[0].percent).toBe(0.4);
  });

  it("page through viewers, the last seen first; a guest keeps its number on every page and order", async () => {
    const names: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await fetchInsights(tokenA, seeded.gallery.id, `?page=${page}&pageSize=2`);
      const { insights } = (await res.json()) as { insights: GalleryInsights };
      expect(insights.viewers).toEqual(expect.objectContaining({ page, pageSize: 2, total: 4, sort: "recent" }));
      names.push(...insights.viewers.items.map((v) => v.name));
    }
    expect(names).toEqual(["Guest 2", "Anna", EVIL, "Guest 1"]);
  });

  it("a viewer whose invite was deleted is not renamed into a guest number", async () => {
    const { gallery, videos } = await createFolderWithGallery(A.id, { videos: 1 });
    const inv = await invite(gallery, "Removed", `removed-${randomUUID().slice(0, 6)}@example.test`);
    await viewer(gallery.id, `i:${inv.id}`, at(0), at(1), 1, inv.id);
    await viewer(gallery.id, "a:x", at(2), at(3), 1);
    await db.galleryInvite.delete({ where: { id: inv.id } });
    const { viewers, films } = await galleryInsights(A, gallery.id, { page: 1, pageSize: 25, sort: "name" });
    expect(viewers.items.map((v) => [v.name, v.invited])).toEqual([
      ["Guest 1", false],
      [TEXTS.insights.removedGuest, false],
    ]);
    expect(films.map((f) => f.id)).toEqual([videos[0].id]);
    expect(films[0]).toEqual(expect.objectContaining({ heat: [], playSeconds: 0, viewers: 0, downloads: 0 }));
  });

  it("refuse a bad query with a 400 and a message, never a 500", async () => {
    for (const q of ["?page=0", "?page=-1", "?page=1.5", "?page=abc", "?pageSize=0", "?pageSize=101", "?pageSize=1e2", "?sort=oldest", "?page=", "?page=99999999"]) {
      const res = await fetchInsights(tokenA, seeded.gallery.id, q);
      expect([q, res.status]).toEqual([q, 400]);
      expect((await res.json()).message).toMatch(/page|pageSize|sort/);
    }
    // Past the last page: no viewers, the totals still there.
    const res = await fetchInsights(tokenA, seeded.gallery.id, "?page=9");
    expect((await res.json()).insights.viewers).toEqual(expect.objectContaining({ items: [], total: 4 }));
  });
});

describe("the CSV export", () => {
  it("has one row per viewer and film, quoted per RFC 4180, formulas neutralised, as an attachment named after the gallery", async () => {
    const res = await fetchCsv(tokenA, seeded.gallery.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="emma-and-james-the-day-insights.csv"; filename*=UTF-8''emma-and-james-the-day-insights.csv`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, so spreadsheets read the names as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF"Viewer","Invited","Email",')).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(["Viewer", "Invited", "Email", "First seen (UTC)", "Last seen (UTC)", "Visits", "Film", "% watched", "Watch time (s)", "Downloads", "Shares", "Casts"]);
    // 4 viewers × 2 films, viewers in order of first sight, films in the editor's order.
    expect(rows).toHaveLength(1 + 8);
    expect(rows.slice(1).map((r) => [r[0], r[6], r[7], r[8], r[9], r[10], r[11]])).toEqual([
      ["Anna", 'Speeches, "toasts"', "10", "20", "0", "0", "0"],
      ["Anna", "Ceremony", "92", "150", "1", "0", "0"],
      ["Guest 1", 'Speeches, "toasts"', "25", "60", "0", "1", "0"],
      ["Guest 1", "Ceremony", "0", "0", "0", "0", "0"],
      ["Guest 2", 'Speeches, "toasts"', "0", "0", "0", "0", "0"],
      ["Guest 2", "Ceremony", "0.4", "0", "0", "0", "0"],
      [EVIL_CSV, 'Speeches, "toasts"', "0", "0", "0", "0", "0"],
      [EVIL_CSV, "Ceremony", "10", "10", "0", "0", "2"],
    ]);
    expect(rows[1].slice(1, 6)).toEqual(["yes", seeded.anna.email, at(0).toISOString(), at(600).toISOString(), "3"]);
    expect(rows[3].slice(1, 3)).toEqual(["no", ""]);
    // The raw text: every text quoted, the quote-holding title's quotes doubled; a ' before each formula,
    // so neither the cells nor the pieces of a line split at ';' start one.
    expect(text).toContain(',"Speeches, ""toasts""",');
    expect(text).toContain(`\r\n"'=A1+HYPERLINK(""http://evil.example"",""click"");'=HYPERLINK(""http://evil.example"")",yes,`);
    expect(text.split(";").filter((piece) => /^[=+\-@\t\r]/.test(piece))).toEqual([]);
  });
});

describe("one studio never sees another's", () => {
  it("studio B gets 404 for A's gallery on both doors, with none of A's names", async () => {
    for (const res of [await fetchInsights(tokenB, seeded.gallery.id), await fetchCsv(tokenB, seeded.gallery.id)]) {
      expect(res.status).toBe(404);
      const text = await res.text();
      for (const secret of ["Anna", seeded.anna.email, "Ceremony", "Emma", seeded.gallery.id]) expect(text).not.toContain(secret);
    }
    await expect(galleryInsights(B, seeded.gallery.id, { page: 1, pageSize: 25 })).rejects.toMatchObject({ code: "not_found" });
    await expect(galleryInsightsCsv(B, seeded.gallery.id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("B's own gallery shows only B's viewers, even when A's rows name B's films", async () => {
    const { gallery, videos } = await createFolderWithGallery(B.id, { videos: 1 });
    await db.video.update({ where: { id: videos[0].id }, data: { durationSec: 60 } });
    const own = await viewer(gallery.id, "a:b-own", at(0), at(1), 1);
    await watched(own.id, { id: videos[0].id, galleryId: gallery.id }, { watched: 30 });
    // A row of A's viewer pointing at B's film (never written by the ingestion, but the query must not trust it).
    await watched(seeded.viewers.vAnna.id, { id: videos[0].id, galleryId: seeded.gallery.id }, { watched: 60 });
    const res = await fetchInsights(tokenB, gallery.id);
    const text = await res.text();
    const { insights } = JSON.parse(text) as { insights: GalleryInsights };
    expect(insights.viewers.items.map((v) => [v.name, v.films.map((f) => f.percent)])).toEqual([["Guest 1", [50]]]);
    expect(insights.totals).toEqual(expect.objectContaining({ viewers: 1, visits: 1 }));
    for (const secret of ["Anna", seeded.anna.email, seeded.viewers.vAnna.id, seeded.gallery.id]) expect(text).not.toContain(secret);
    const csv = await (await fetchCsv(tokenB, gallery.id)).text();
    expect(parseCsv(csv.slice(1))).toHaveLength(2);
    expect(csv).not.toContain("Anna");
  });
});

describe("a gallery of 1,000 viewers × 20 films", () => {
  jest.setTimeout(120_000);
  let galleryId: string;

  beforeAll(async () => {
    const { gallery, videos } = await createFolderWithGallery(A.id, { videos: 20 });
    galleryId = gallery.id;
    await db.video.updateMany({ where: { galleryId }, data: { durationSec: 300 } });
    await db.$executeRaw`
      INSERT INTO "GalleryViewer" (id, "galleryId", key, "firstSeenAt", "lastSeenAt", visits)
      SELECT gen_random_uuid(), ${galleryId}::uuid, 'a:bench-' || n, ${T0}::timestamp + n * interval '1 minute', ${T0}::timestamp + n * interval '1 minute' + (n % 97) * interval '1 hour', 1 + n % 5
      FROM generate_series(1, 1000) n`;
    await db.$executeRaw`
      INSERT INTO "ViewerFilm" ("viewerId", "videoId", "galleryId", ranges, "watchedSeconds", "playSeconds", downloads, "updatedAt")
      SELECT gv.id, v.id, ${galleryId}::uuid, '[[0,150]]'::jsonb, (abs(hashtext(gv.id::text || v.id::text)) % 300), 200, (abs(hashtext(v.id::text || gv.id::text)) % 2), now()
      FROM "GalleryViewer" gv CROSS JOIN "Video" v
      WHERE gv."galleryId" = ${galleryId}::uuid AND v."galleryId" = ${galleryId}::uuid`;
    const heat = new Array(HEAT_BUCKETS).fill(600);
    await db.filmStat.createMany({ data: videos.map((v) => ({ videoId: v.id, galleryId, heat, playSeconds: 200_000, viewers: 1000, downloads: 500 })) });
    await db.$executeRaw`ANALYZE "GalleryViewer"`;
    await db.$executeRaw`ANALYZE "ViewerFilm"`;
  });

  // The database is shared by every test file of the run: 21,000 rows left here would make every
  // later scan of whole tables (the bad-input suite's snapshots) twenty times slower.
  afterAll(async () => {
    await db.gallery.delete({ where: { id: galleryId } });
  });

  it("pages 1,000 viewers in either order, each with its 20 films, and totals them all", async () => {
    for (const sort of ["recent", "name"] as const) {
      const seen = new Set<string>();
      for (let page = 1; page <= 40; page++) {
        const r = await galleryInsights(A, galleryId, { page, pageSize: 25, sort });
        expect(r.viewers.items).toHaveLength(25);
        expect(r.viewers.items[0].films).toHaveLength(20);
        for (const v of r.viewers.items) seen.add(v.name);
      }
      expect(seen.size).toBe(1000);
    }
    const last = await galleryInsights(A, galleryId, { page: 40, pageSize: 25, sort: "name" });
    expect(last.viewers.items.at(-1)!.name).toBe("Guest 1000");
    expect(last.totals).toEqual({ viewers: 1000, visits: 3000, playSeconds: 4_000_000, downloads: 10_000 });
  });

  it("exports 20,000 rows in batches", async () => {
    const { body } = await galleryInsightsCsv(A, galleryId);
    const text = await new Response(body).text();
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(1 + 20_000);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1000);
    expect(rows[1][0]).toBe("Guest 1");
    expect(rows.at(-1)![0]).toBe("Guest 1000");
  });
});
