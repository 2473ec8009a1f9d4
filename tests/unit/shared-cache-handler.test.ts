// The page cache handler expires Pages Router pages (the public gallery) by their path tag, which
// it reads from Next's cache key for such a page; and it never lets a page outlive its props'
// `validUntil` (issue 17, item 14: an expired gallery's cached page stops carrying its films).
const { pagePath, pageExpired, withinLife } = require("@/server/shared-cache-handler.cjs");
const { getCacheControlHeader } = require("next/dist/server/lib/cache-control");

describe("shared cache handler", () => {
  it("reads a Pages Router page's path from its cache key", () => {
    expect(pagePath("/route-cache/PAGES/c0bff46b569dc1b7a6ae458b7ad08fc0285379c8dc7e4046cdeaeadbb4efe229/$/g/emma-and-james")).toBe("/g/emma-and-james");
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/d/gallery.studio.com/emma")).toBe("/d/gallery.studio.com/emma");
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/index")).toBe("/");
    expect(pagePath("/g/emma")).toBe("/g/emma");
    // Each viewer language's page (issue 22) has the public path's tag: one save expires them all.
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/v/a-fr/g/emma-and-james")).toBe("/g/emma-and-james");
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/v/de/g/emma-and-james")).toBe("/g/emma-and-james");
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/v/a-en/d/gallery.studio.com/emma")).toBe("/d/gallery.studio.com/emma");
    expect(pagePath("/route-cache/PAGES/c0bff46b/$/v/pt/d/gallery.studio.com")).toBe("/d/gallery.studio.com");
  });

  it("expires a kept page by its path's tag, a kept 404 (notFound: no value) too: a gallery named since answers at once", () => {
    const { stored, invalidate } = require("@/server/page-cache-state.cjs");
    const key = "/route-cache/PAGES/c0bff46b/$/v/a-en/d/films.example.com/later-slug";
    const notFound = { lastModified: Date.now(), value: null };
    const page = { lastModified: Date.now(), value: { kind: "PAGES", html: "<html></html>" } };
    stored(key);
    expect(pageExpired(key, { kind: "PAGES" }, notFound)).toBe(false);
    expect(pageExpired(key, { kind: "PAGES" }, page)).toBe(false);
    invalidate(["_N_T_/d/films.example.com/later-slug"]);
    expect(pageExpired(key, { kind: "PAGES" }, notFound)).toBe(true);
    expect(pageExpired(key, { kind: "PAGES" }, page)).toBe(true);
    // Kept after the invalidation: good. Another gallery, another kind or nothing kept: untouched.
    stored(key);
    expect(pageExpired(key, { kind: "PAGES" }, notFound)).toBe(false);
    const other = key.replace("later-slug", "other");
    stored(other);
    expect(pageExpired(other, { kind: "PAGES" }, notFound)).toBe(false);
    expect(pageExpired(key, { kind: "FETCH" }, notFound)).toBe(false);
    expect(pageExpired(key, { kind: "PAGES" }, null)).toBe(false);
  });

  it("renders again a gallery page this process did not render (a previous run's, or another instance's sharing the folder)", () => {
    const key = "/route-cache/PAGES/c0bff46b/$/v/a-en/g/from-disk";
    expect(pageExpired(key, { kind: "PAGES" }, { lastModified: Date.now(), value: { kind: "PAGES", html: "<html></html>" } })).toBe(true);
    // Not a gallery page: no save expires it, it is served as kept.
    expect(pageExpired("/route-cache/PAGES/c0bff46b/$/pricing", { kind: "PAGES" }, { lastModified: 0, value: { kind: "PAGES", html: "" } })).toBe(false);
  });

  describe("a page's own life (props.validUntil)", () => {
    const now = 1_800_000_000_000;
    const page = (validUntil: number | undefined, cacheControl?: { revalidate: number; expire?: number }) => ({
      lastModified: now - 20_000,
      value: { kind: "PAGES", html: "<html>films</html>", pageData: { pageProps: { view: {}, validUntil } } },
      ...(cacheControl ? { cacheControl } : {}),
    });

    it("is served with a cache life that ends a second before validUntil, and no stale-while-revalidate", () => {
      const served = withinLife(page(now + 5_500, { revalidate: 60, expire: 31536000 }), now);
      expect(served.cacheControl).toEqual({ revalidate: 4, expire: undefined });
      expect(getCacheControlHeader(served.cacheControl)).toBe("s-maxage=4");
      expect(served.value.html).toBe("<html>films</html>");
      // Far from it: the page's own revalidate (60 s when the entry does not say).
      expect(withinLife(page(now + 3600_000), now).cacheControl).toEqual({ revalidate: 60, expire: undefined });
      expect(withinLife(page(now + 3600_000, { revalidate: 12 }), now).cacheControl.revalidate).toBe(12);
    });

    it("is not served at all with less than a second left, nor after: Next renders it again, blocking (never the stale page)", () => {
      expect(withinLife(page(now + 1_999), now)).toBeNull();
      expect(withinLife(page(now), now)).toBeNull();
      expect(withinLife(page(now - 60_000), now)).toBeNull();
      expect(withinLife(page(now + 2_000), now)).not.toBeNull();
    });

    it("leaves pages without a limit, and other kinds of entry, as they are", () => {
      const plain = page(undefined);
      expect(withinLife(plain, now)).toBe(plain);
      const route = { lastModified: now, value: { kind: "APP_ROUTE", body: "x" } };
      expect(withinLife(route, now)).toBe(route);
    });
  });
});

// Issue 55 item 1: a save reaches the kept page at once, whatever the clocks say. Next's own check
// compares a tag's expiry (wall clock) with "now" from the monotonic clock; a wall clock stepped
// ahead while the server ran (NTP, a VM resumed) made every save wait out the step (15.2 s seen on
// a production server that had been up a while). And a render that read the database before a
// save but was stored after it was kept as fresh. The handler orders events instead.
describe("invalidations, ordered by events rather than clocks", () => {
  const SharedCacheHandler = require("@/server/shared-cache-handler.cjs");
  const fs = require("node:fs");
  const os = require("node:os");
  const path = require("node:path");
  const { pathTag } = require("@/server/constants.cjs");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vidfolio-cache-"));
  const handler = new SharedCacheHandler({
    fs: { readFile: fs.promises.readFile, stat: fs.promises.stat, existsSync: fs.existsSync, writeFile: fs.promises.writeFile, mkdir: fs.promises.mkdir },
    flushToDisk: false,
    serverDistDir: dir,
    maxMemoryCacheSize: 1024 * 1024,
    revalidatedTags: [],
  });
  const PAGES = { kind: "PAGES" };
  let n = 0;
  const fresh = () => {
    const slug = `clock-${++n}`;
    return { key: `/route-cache/PAGES/c0bff46b/$/v/a-en/g/${slug}`, tag: pathTag(`/g/${slug}`) };
  };
  const page = (html: string) => ({ kind: "PAGES", html, pageData: { pageProps: {} }, headers: {}, status: 200 });
  /** Next's look-up, then (on a miss) the render it stores. */
  async function render(key: string, html: string) {
    expect(await handler.get(key, PAGES)).toBeNull();
    await handler.set(key, page(html), { cacheControl: { revalidate: 60 } });
  }
  const served = async (key: string) => (await handler.get(key, PAGES))?.value?.html ?? null;
  const realNow = Date.now;
  afterEach(() => {
    Date.now = realNow;
  });

  it("expires a kept page at once when the wall clock has been stepped ahead of the monotonic clock", async () => {
    const { key, tag } = fresh();
    await render(key, "films");
    expect(await served(key)).toBe("films");
    Date.now = () => realNow() + 15_000; // the host's clock is corrected 15 s forward while the server runs
    await handler.revalidateTag([tag]); // what revalidatePath(path) does on a save
    expect(await served(key)).toBeNull();
    await render(key, "locked");
    expect(await served(key)).toBe("locked");
  });

  it("expires a kept page at once when the wall clock has been stepped back", async () => {
    const { key, tag } = fresh();
    await render(key, "films");
    Date.now = () => realNow() - 15_000;
    await handler.revalidateTag([tag]);
    expect(await served(key)).toBeNull();
  });

  it("does not keep a render that began before a save and was stored after it", async () => {
    const { key, tag } = fresh();
    expect(await handler.get(key, PAGES)).toBeNull(); // the render begins (it reads the gallery now)
    await handler.revalidateTag([tag]); // the save commits and expires the page meanwhile
    await handler.set(key, page("films"), { cacheControl: { revalidate: 60 } }); // the old render is stored
    expect(await served(key)).toBeNull(); // never served: the next request renders again
    await render(key, "locked");
    expect(await served(key)).toBe("locked");
  });

  it("leaves other pages, and pages rendered after the save, served", async () => {
    const a = fresh();
    const b = fresh();
    await render(a.key, "a");
    await render(b.key, "b");
    await handler.revalidateTag([a.tag]);
    expect(await served(b.key)).toBe("b");
    await render(a.key, "a2");
    expect(await served(a.key)).toBe("a2");
  });
});

describe("the listener is watched (health's pageCache)", () => {
  const state = require("@/server/page-cache-state.cjs");
  const { cacheBus } = require("@/server/front-cache.cjs");
  const realNow = performance.now.bind(performance);
  afterEach(() => {
    performance.now = realNow;
    const bus = cacheBus();
    bus.started = false;
    bus.listening = false;
    state.forgetUnheard();
  });

  it("an announcement of this process not heard back within 5 s makes the page cache not ok; heard, it is ok again", () => {
    const bus = cacheBus();
    bus.started = true;
    bus.listening = true;
    let now = realNow();
    performance.now = () => now;
    state.announced('["_N_T_/g/deaf"]');
    expect(state.pageCacheHealth()).toMatchObject({ ok: true, listening: true });
    now += 5_001;
    expect(state.oldestUnheardMs()).toBeGreaterThan(state.HEARD_WITHIN_MS);
    expect(state.pageCacheHealth()).toMatchObject({ ok: false, listening: true });
    state.heard('["_N_T_/g/deaf"]');
    expect(state.pageCacheHealth()).toMatchObject({ ok: true, oldestUnheardMs: 0 });
    bus.listening = false; // the listener down: not ok (this instance serves nothing cached meanwhile)
    expect(state.pageCacheHealth()).toMatchObject({ ok: false, listening: false });
  });

  it("says nothing is wrong where no page cache listens (the worker, the tests)", () => {
    expect(state.pageCacheHealth()).toMatchObject({ ok: true, listening: null });
    state.announced('["_N_T_/g/not-listening"]'); // nothing to hear it back: not recorded
    expect(state.oldestUnheardMs()).toBe(0);
  });
});
