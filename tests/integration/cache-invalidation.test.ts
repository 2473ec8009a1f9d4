// Page-cache invalidations are shared by every app instance: a save records each expired page's
// tag in "CacheInvalidation" and announces it on the `vidfolio_cache` channel, which every
// instance's cache handler listens on (server/shared-cache-handler.cjs; the two-instance run
// is tests/e2e/scale-out.spec.ts). Also from the worker, when a video becomes ready.
import { Client, type Notification } from "pg";
import { db } from "@/lib/db";
import { CACHE_CHANNEL, invalidatePublicGallery, invalidateStudioGalleries, pathTag } from "@/lib/services/public/public-cache";
import { createFolderWithGallery, createStudio } from "../helpers/factories";

let listener: Client;
const heard: string[][] = [];

beforeAll(async () => {
  listener = new Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  listener.on("notification", (n: Notification) => n.channel === CACHE_CHANNEL && heard.push(JSON.parse(n.payload!)));
  await listener.query(`LISTEN ${CACHE_CHANNEL}`);
});
afterAll(() => listener.end());
beforeEach(() => {
  heard.length = 0;
});

const tagsHeard = () => heard.flat();
/**
 * Waits (up to 5 s) until the listener has heard at least this many tags, counting only the tags
 * of `only` when given (other test files announce on the same channel meanwhile), and returns them.
 */
async function hear(count: number, only?: Set<string>) {
  const mine = () => tagsHeard().filter((t) => !only || only.has(t));
  for (const until = Date.now() + 5000; mine().length < count && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
  return mine();
}
/** Waits (up to 5 s) until the listener has heard this tag. */
async function hearTag(tag: string) {
  for (const until = Date.now() + 5000; !tagsHeard().includes(tag) && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
  return tagsHeard();
}
async function recorded(tags: string[]) {
  return db.cacheInvalidation.findMany({ where: { tag: { in: tags } } });
}

describe("shared page-cache invalidation", () => {
  it("announces and records a gallery's pages, on the gallery host and on the studio's domain", async () => {
    const studio = await createStudio();
    await db.admin.update({ where: { id: studio.id }, data: { domainUrl: `films-${studio.id.slice(0, 8)}.example.com` } });
    const { gallery } = await createFolderWithGallery(studio.id);
    const before = new Date();
    await invalidatePublicGallery(gallery.id);
    // Under its custom url and its id (the id has no page on the domain, but expiring it is harmless).
    const domain = `films-${studio.id.slice(0, 8)}.example.com`;
    const tags = [`/g/${gallery.customUrl}`, `/d/${domain}/${gallery.customUrl}`, `/g/${gallery.id}`, `/d/${domain}/${gallery.id}`].map(pathTag);
    expect(tags[0]).toBe(`_N_T_/g/${gallery.customUrl}`);
    expect(new Set(await hear(4, new Set(tags)))).toEqual(new Set(tags));
    const rows = await recorded(tags);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    // Again later: the same rows, a later time (an instance catching up sees the latest).
    const first = rows[0].at.getTime();
    await new Promise((r) => setTimeout(r, 20));
    await invalidatePublicGallery(gallery.id);
    expect((await recorded([rows[0].tag]))[0].at.getTime()).toBeGreaterThan(first);
  });

  it("splits a studio with many galleries into notices that fit Postgres' payload limit", async () => {
    const studio = await createStudio();
    // Each gallery answers to its custom url and its id: 180 pages.
    const slugs: string[] = [];
    for (let i = 0; i < 90; i++) {
      const { gallery } = await createFolderWithGallery(studio.id);
      slugs.push(gallery.customUrl, gallery.id);
    }
    await invalidateStudioGalleries(studio.id);
    const mine = new Set(slugs.map((s) => pathTag(`/g/${s}`)));
    const got = await hear(180, mine);
    expect(got.length).toBe(180);
    expect(new Set(got)).toEqual(mine);
    expect(heard.filter((notice) => notice.some((t) => mine.has(t))).length).toBeGreaterThan(1);
    for (const notice of heard) expect(JSON.stringify(notice).length).toBeLessThan(8000);
  });

  it("writes a burst of invalidations in a few statements, answering every caller once its tags are written", async () => {
    const studio = await createStudio();
    const { gallery } = await createFolderWithGallery(studio.id);
    const tag = pathTag(`/g/${gallery.customUrl}`);
    const [{ now: before }] = await db.$queryRaw<{ now: Date }[]>`SELECT now()`;
    // Every caller is answered once a statement recording its tag has committed: the row is
    // there, stamped after the burst began, when its promise settles.
    const stampedAt = await Promise.all(
      Array.from({ length: 50 }, () => invalidatePublicGallery(gallery.id).then(async () => (await db.cacheInvalidation.findUnique({ where: { tag } }))?.at.getTime() ?? 0)),
    );
    for (const at of stampedAt) expect(at).toBeGreaterThanOrEqual(before.getTime());
    // ...but not in fifty statements queued on the same row. Notices arrive in commit order: once
    // a later one (another gallery's) is heard, every notice of the burst has arrived.
    const later = await createFolderWithGallery(studio.id);
    await invalidatePublicGallery(later.gallery.id);
    expect(await hearTag(pathTag(`/g/${later.gallery.customUrl}`))).toContain(pathTag(`/g/${later.gallery.customUrl}`));
    expect(tagsHeard()).toContain(tag);
    expect(heard.filter((n) => n.includes(tag)).length).toBeLessThanOrEqual(3);
  });

  it("answers at once a change with no page to expire (a studio without galleries), alone or amid others", async () => {
    const bare = await createStudio();
    const studio = await createStudio();
    const { gallery } = await createFolderWithGallery(studio.id);
    const settled = (p: Promise<void>) => Promise.race([p.then(() => "answered"), new Promise((r) => setTimeout(() => r("hung"), 3000))]);
    expect(await settled(invalidateStudioGalleries(bare.id))).toBe("answered");
    expect(await settled(Promise.all([invalidateStudioGalleries(bare.id), invalidatePublicGallery(gallery.id), invalidateStudioGalleries(bare.id)]).then(() => undefined))).toBe("answered");
    const mine = [pathTag(`/g/${gallery.customUrl}`), pathTag(`/g/${gallery.id}`)];
    expect(await hear(2, new Set(mine))).toEqual(mine);
  });
});
