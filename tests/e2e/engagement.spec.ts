// Engagement (issue 21): a viewer playing a film in the public gallery reports what it played, and
// a flush writes it as the viewer's row for the film; the editor's preview never reports.
import { expect, test, type Page } from "@playwright/test";
import { db, createAccount, seedGallery, seedReadyVideo, signInByApi } from "./support";
import { VIEWER_TEXTS } from "../../lib/viewer-i18n/english";

// The app flushes its buffer every ENGAGEMENT_FLUSH_SECONDS (30 s by default).
test.setTimeout(120_000);

const videoTime = (page: Page) => page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.currentTime);
const reportsOf = (page: Page) => {
  const bodies: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/public/engagement") bodies.push(r.postData() ?? "");
  });
  return bodies;
};

async function seedFilm() {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  const film = await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  return { studio, gallery, film };
}

test("playing a film in the public gallery records what was watched; the footer says so", async ({ page }) => {
  const { gallery, film } = await seedFilm();
  const reports = reportsOf(page);
  await page.goto(`/g/${gallery.customUrl}`);
  await expect(page.getByTestId("privacy-note")).toHaveText(VIEWER_TEXTS.viewer.privacyNote);
  await page.getByRole("button", { name: "Play Ceremony" }).click();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
  // A pause reports at once.
  await page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.pause());
  // (A beacon's body is not visible to Playwright: what it said is checked in the database below.)
  await expect.poll(() => reports.length).toBeGreaterThan(0);

  const row = async () => db().viewerFilm.findFirst({ where: { videoId: film.id }, include: { viewer: true } });
  await expect.poll(async () => (await row())?.watchedSeconds ?? 0, { timeout: 60_000, intervals: [1000] }).toBeGreaterThan(2);
  const r = (await row())!;
  expect(r.viewer.key).toMatch(/^a:/);
  expect(r.galleryId).toBe(gallery.id);
  const stat = await db().filmStat.findUnique({ where: { videoId: film.id } });
  expect(stat?.viewers).toBe(1);
});

test("the editor's preview plays without reporting", async ({ page }) => {
  const { studio, gallery, film } = await seedFilm();
  await signInByApi(page, studio.email);
  const reports = reportsOf(page);
  await page.goto(`/g/${gallery.customUrl}/preview`);
  await page.getByRole("button", { name: "Play Ceremony" }).click();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(3);
  await page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.pause());
  await page.keyboard.press("Escape");
  await page.waitForTimeout(1000);
  expect(reports).toEqual([]);
  expect(await db().viewerFilm.count({ where: { videoId: film.id } })).toBe(0);
});
