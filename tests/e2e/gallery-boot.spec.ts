// The gallery loads its largest picture first, then its code (issue 19 item 11; lib/services/public/rules/gallery-boot.ts):
// Next's scripts are held until the background (or the first thumbnail, when it is the largest) has
// been drawn, so on a phone's link the picture has the bandwidth to itself. What must never break:
// the code still comes (at once when there is no picture, when it fails, or when the page is hidden),
// in its order, and a tap made before it has run is kept, not lost.
import fs from "node:fs";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { expect, test, type Page } from "@playwright/test";
import { BOOT_WAIT_MS } from "../../lib/services/public/rules/gallery-boot";
import { HYDRATED_EVENT, LARGEST_PICTURE } from "../../lib/services/public/rules/gallery-boot-names";
import { clipFiles, createAccount, db, seedGallery, seedReadyVideo, store } from "./support";

async function galleryWith(opts: { background: boolean; films?: number }) {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  for (let i = 0; i < (opts.films ?? 2); i++) await seedReadyVideo(studio.id, folder.id, gallery.id, `Film ${i + 1}`);
  if (!opts.background) return gallery;
  const { s3, env } = store();
  const key = `${studio.id}/${folder.id}/${gallery.id}/bg.jpg`;
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: fs.readFileSync(clipFiles().thumb), ContentType: "image/jpeg" }));
  return db().gallery.update({ where: { id: gallery.id }, data: { bgImageUrl: key } });
}

/** One of Next's scripts (the page's code). */
const APP_SCRIPT = /\/_next\/static\/.*\.js(\?|$)/;

/** When (performance time) the largest picture was drawn, and when the first of Next's scripts was requested. */
async function timings(page: Page) {
  await page.waitForFunction((script) => performance.getEntriesByType("resource").some((r) => new RegExp(script).test(r.name)), APP_SCRIPT.source);
  return page.evaluate(
    async ({ picture, script }) => {
      // Element Timing entries are only given to observers (buffered), not to getEntriesByType.
      const drawn = await new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => {
          const e = (list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]).find((x) => x.identifier === picture);
          resolve(e ? e.renderTime : null);
        }).observe({ type: "element", buffered: true });
        setTimeout(() => resolve(null), 2000);
      });
      const scripts = performance.getEntriesByType("resource").filter((r) => new RegExp(script).test(r.name));
      return { drawnAt: drawn, firstScriptAt: Math.min(...scripts.map((s) => s.startTime)) };
    },
    { picture: LARGEST_PICTURE, script: APP_SCRIPT.source },
  );
}

/** Records when the page hydrated (pages/_app.tsx dispatches the event), as `window.__hydratedAt`. */
async function recordHydration(page: Page) {
  await page.addInitScript((event) => window.addEventListener(event, () => ((window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now())), HYDRATED_EVENT);
}
const hydratedAt = (page: Page) => page.waitForFunction(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt).then((h) => h.jsonValue() as Promise<number>);

async function expectFilmOpens(page: Page, title = "Film 1") {
  await page.getByRole("button", { name: `Play ${title}` }).click();
  await expect(page.getByTestId("theater-title")).toHaveText(title);
}

for (const background of [true, false]) {
  test(`the largest picture (${background ? "background" : "first thumbnail"}) is drawn before the code is fetched, and the page then answers`, async ({ page }) => {
    // Element Timing needs the page to observe before it loads (the buffer holds the entries).
    const gallery = await galleryWith({ background });
    const order: string[] = [];
    page.on("request", (r) => {
      if (APP_SCRIPT.test(r.url())) order.push("script");
      else if (r.resourceType() === "image" && !r.url().includes("favicon")) order.push("image");
    });
    await page.goto(`/g/${gallery.customUrl}`);
    const t = await timings(page);
    expect(t.drawnAt).not.toBeNull();
    expect(t.firstScriptAt).toBeGreaterThanOrEqual(t.drawnAt!);
    expect(order[0]).toBe("image");
    await expectFilmOpens(page);
  });
}

test("a gallery with no picture at all gets its code at once", async ({ page }) => {
  const gallery = await galleryWith({ background: false, films: 0 });
  await recordHydration(page);
  await page.goto(`/g/${gallery.customUrl}`);
  expect(await hydratedAt(page)).toBeLessThan(BOOT_WAIT_MS - 500);
});

test("a background that fails to load does not hold the code back", async ({ page }) => {
  const gallery = await galleryWith({ background: true });
  await page.route(/bg\.jpg/, (route) => route.abort());
  await recordHydration(page);
  await page.goto(`/g/${gallery.customUrl}`);
  // Well before the boot script's own limit: the picture's error event boots the page.
  expect(await hydratedAt(page)).toBeLessThan(BOOT_WAIT_MS - 500);
  await expectFilmOpens(page);
});

test("a background still on its way does not hold the code of a page opened in the background", async ({ page }) => {
  const gallery = await galleryWith({ background: true });
  await page.route(/bg\.jpg/, async (route) => {
    await new Promise((r) => setTimeout(r, 2 * BOOT_WAIT_MS));
    await route.continue().catch(() => {});
  });
  await page.addInitScript(() => Object.defineProperty(document, "visibilityState", { get: () => "hidden" }));
  await recordHydration(page);
  await page.goto(`/g/${gallery.customUrl}`, { waitUntil: "domcontentloaded" });
  expect(await hydratedAt(page)).toBeLessThan(BOOT_WAIT_MS - 500);
});

test(`a background that never arrives holds the code ${BOOT_WAIT_MS / 1000} s at most`, async ({ page }) => {
  const gallery = await galleryWith({ background: true });
  await page.route(/bg\.jpg/, async (route) => {
    await new Promise((r) => setTimeout(r, 3 * BOOT_WAIT_MS));
    await route.continue().catch(() => {});
  });
  await recordHydration(page);
  await page.goto(`/g/${gallery.customUrl}`, { waitUntil: "domcontentloaded" });
  const at = await hydratedAt(page);
  expect(at).toBeGreaterThan(BOOT_WAIT_MS - 100);
  expect(at).toBeLessThan(2 * BOOT_WAIT_MS);
  await expectFilmOpens(page);
});

test("a tap on a film before the code has run is kept and opens the film once it has", async ({ page }) => {
  const gallery = await galleryWith({ background: true });
  // A slow link for the code only: the page is drawn, the scripts are still on their way.
  await page.route(APP_SCRIPT, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await recordHydration(page);
  await page.goto(`/g/${gallery.customUrl}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Play Film 2" }).click();
  expect(await page.evaluate(() => (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? null)).toBeNull();
  await expect(page.getByTestId("theater-title")).toHaveText("Film 2", { timeout: 15_000 });
});
