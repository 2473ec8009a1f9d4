// Issue 20: a film plays in Chromium as soon as its stream copy is published, before any HLS rung
// exists (the studio sees "Ready · queued for optimising"); once the ladder is published the
// next play streams it. Downloads are off, so the original itself is never what plays.
import { expect, test, type Page } from "@playwright/test";
import { addLadder, createAccount, db, publishStreamCopy, seedGallery, seedReadyVideo, signInByApi } from "./support";
import { TEXTS } from "../../lib/texts";

const theaterVideo = (page: Page) => page.locator("[data-testid=theater] video");

async function playInTheater(page: Page, title: string) {
  await page.getByRole("button", { name: `Play ${title}` }).click();
  const overlay = page.getByTestId("play-overlay");
  if (await overlay.isVisible()) await overlay.click();
  await expect.poll(() => theaterVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  return theaterVideo(page).evaluate((v: HTMLVideoElement) => v.currentSrc);
}

test("a film plays from its stream copy before its ladder exists, and from the ladder once it is published", async ({ page }) => {
  test.setTimeout(90_000);
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: gallery.id }, data: { settingDownload: false } });
  const film = await publishStreamCopy(await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony"));

  // The studio's library says it plays, and that it is still being optimised.
  await signInByApi(page, studio.email);
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await expect(page.getByTestId("video-card").getByTestId("video-status")).toHaveText(TEXTS.optimizing(null));
  await page.screenshot({ path: "test-results/playable-first-studio.png" });

  // The client's page plays the stream copy (an MP4 address, not hls.js's blob, not the original).
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(`/g/${gallery.customUrl}`);
  const src = await playInTheater(page, "Ceremony");
  expect(src).not.toMatch(/^blob:/);
  expect(requests.some((u) => u.includes(`/api/public/stream/${film.id}`))).toBe(true);
  expect(requests.some((u) => /\.m3u8($|\?)/.test(u))).toBe(false);
  expect(requests.some((u) => u.includes(encodeURI(film.storageKey)) && !u.includes(".derived/"))).toBe(false);

  // The ladder is published (a new version of the video): the next play streams it. The worker's
  // publication refreshes the cached page; here a saved setting of the studio's does the same.
  await addLadder(film);
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  const saved = await page.evaluate(async (id) => {
    const res = await fetch(`/api/galleries/gallery/settings/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ setting: { download: false, share: true, tv: true, playall: true } }),
    });
    return res.status;
  }, gallery.id);
  expect(saved).toBe(200);
  await page.goto(`/g/${gallery.customUrl}`);
  requests.length = 0;
  expect(await playInTheater(page, "Ceremony")).toMatch(/^blob:/);
  expect(requests.some((u) => u.includes(`/api/public/hls/${film.id}/master.m3u8`))).toBe(true);

  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await expect(page.getByTestId("video-card").first()).toBeVisible();
  await expect(page.getByTestId("video-card").getByTestId("video-status")).toHaveCount(0);
});
