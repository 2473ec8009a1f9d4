// The client's gallery plays its films (issue 8, the player's part): a film opens in the theater,
// a chapter link starts playback there (and is a deep link), Play All advances by itself, Share
// copies the link, and the music never starts by itself.
import { expect, test, type Page } from "@playwright/test";
import { db, seedGallery, seedReadyVideo, createAccount } from "./support";
import { TEXTS } from "../../lib/texts";

const videoTime = (page: Page) => page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.currentTime);

async function seedPublicGallery() {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  const first = await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  const second = await seedReadyVideo(studio.id, folder.id, gallery.id, "Reception");
  await db().chapter.createMany({
    data: [
      { videoId: first.id, title: "Arrival", cueSeconds: 2 },
      { videoId: first.id, title: "Vows", cueSeconds: 20 },
    ],
  });
  // The showcase decides the order: Ceremony, then Reception.
  await db().showcaseItem.createMany({
    data: [
      { galleryId: gallery.id, videoId: first.id, position: 0 },
      { galleryId: gallery.id, videoId: second.id, position: 1 },
    ],
  });
  return { studio, gallery, first, second };
}

test("a film plays in the theater and a chapter link starts playback there", async ({ page }) => {
  const { gallery, first } = await seedPublicGallery();
  await page.goto(`/g/${gallery.customUrl}`);
  // The chapters reach the player as a WebVTT track by address (native players read it too).
  const chaptersTrack = page.waitForResponse((r) => r.url().includes(`/api/public/chapters/${first.id}?`));
  await page.getByRole("button", { name: "Play Ceremony" }).click();
  const track = await chaptersTrack;
  expect(track.status()).toBe(200);
  // Read again by its address (the player's own response body may already be gone from the browser).
  expect(await (await page.request.get(track.url())).text()).toMatch(/^WEBVTT\n[\s\S]*00:00:02\.000 --> 00:00:20\.000\nArrival\n[\s\S]*Vows/);
  const theater = page.getByTestId("theater");
  await expect(theater.getByTestId("theater-title")).toHaveText("Ceremony");
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);

  const vows = theater.getByRole("link", { name: /Vows/ });
  await expect(vows).toHaveAttribute("href", `#v=${first.id}&t=20`);
  await vows.click();
  await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(20);
  expect(new URL(page.url()).hash).toBe(`#v=${first.id}&t=20`);

  await page.keyboard.press("Escape");
  await expect(theater).toBeHidden();
  expect(new URL(page.url()).hash).toBe("");
});

test("a deep link opens the film at its chapter", async ({ page }) => {
  const { gallery, first } = await seedPublicGallery();
  await page.goto(`/g/${gallery.customUrl}#v=${first.id}&t=20`);
  await expect(page.getByTestId("theater-title")).toHaveText("Ceremony");
  // A page just opened may not start with sound by itself: then the overlay asks for the click.
  const overlay = page.getByTestId("play-overlay");
  if (await overlay.isVisible()) await overlay.click();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
});

test("Play All goes on to the next film by itself", async ({ page }) => {
  const { gallery } = await seedPublicGallery();
  await page.goto(`/g/${gallery.customUrl}`);
  await page.getByRole("button", { name: "Play All" }).click();
  const theater = page.getByTestId("theater");
  await expect(theater.getByTestId("theater-position")).toHaveText("Playing all · 1 of 2");
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  // Skip to the last second of the first film; its end starts the next.
  await page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.5));
  await expect(theater.getByTestId("theater-title")).toHaveText("Reception", { timeout: 15_000 });
  await expect(theater.getByTestId("theater-position")).toHaveText("Playing all · 2 of 2");
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.screenshot({ path: "test-results/public-theater.png" });
});

test("Share copies the gallery's link", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const { gallery } = await seedPublicGallery();
  await page.goto(`/g/${gallery.customUrl}`);
  // Headless Chromium has no share sheet: the link is copied instead.
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByTestId("share-status")).toHaveText("Link copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/g/${gallery.customUrl}`);
});

test("the gallery works on a phone: films, theater and controls fit", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { gallery } = await seedPublicGallery();
  await page.goto(`/g/${gallery.customUrl}`);
  await expect(page.getByRole("button", { name: "Play Ceremony" })).toBeVisible();
  await page.screenshot({ path: "test-results/public-gallery-phone.png", fullPage: true });
  await page
    .getByRole("button", { name: "Play Ceremony" })
    .tap()
    .catch(() => page.getByRole("button", { name: "Play Ceremony" }).click());
  const box = (await page.getByTestId("video-player").boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/public-theater-phone.png" });
});

test("Download saves a film under its title, from the menu and from the theater", async ({ page }) => {
  const { gallery, second } = await seedPublicGallery();
  // The title as typed, accents and `&` kept (issue 57 item 8: the browser takes RFC 6266's filename*).
  await db().video.update({ where: { id: second.id }, data: { title: "Réception - Anna & Ben" } });
  await page.goto(`/g/${gallery.customUrl}`);
  await page.getByRole("button", { name: "Download" }).click();
  const menu = page.getByTestId("download-menu");
  const [fromMenu] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: "Réception - Anna & Ben" }).click()]);
  expect(fromMenu.suggestedFilename()).toBe("Réception - Anna & Ben.mp4");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: /Play Ceremony/ }).click();
  const [fromTheater] = await Promise.all([page.waitForEvent("download"), page.getByTestId("theater-download").click()]);
  expect(fromTheater.suggestedFilename()).toBe("Ceremony.mp4");
});

test("TV Connect opens the film and offers the connection; with no TV around it says so", async ({ page }) => {
  const { gallery } = await seedPublicGallery();
  await page.goto(`/g/${gallery.customUrl}`);
  await page.getByRole("button", { name: "TV Connect" }).click();
  const theater = page.getByTestId("theater");
  await expect(theater.getByTestId("theater-title")).toHaveText("Ceremony");
  await theater.getByRole("button", { name: "Connect to TV" }).click();
  await expect(theater.getByRole("status")).toHaveText(TEXTS.tvUnavailable);
});

test("the ambient music never starts by itself; its button plays and pauses it, and a film pauses it", async ({ page }) => {
  const { gallery, first } = await seedPublicGallery();
  // Any audio the browser plays will do: the film's own file has an AAC track.
  await db().gallery.update({ where: { id: gallery.id }, data: { musicUrl: first.storageKey, musicName: "First dance" } });
  await page.goto(`/g/${gallery.customUrl}`);
  const music = page.getByTestId("gallery-music");
  const paused = () => music.evaluate((a: HTMLAudioElement) => a.paused);
  await page.waitForTimeout(500);
  expect(await paused()).toBe(true);
  expect(await music.getAttribute("autoplay")).toBeNull();
  // Its name says what a press does (the track's name stays off the button: issue 39 item 8).
  const button = page.getByRole("button", { name: "Play music" });
  await expect(button).not.toContainText("First dance");
  await button.click();
  await expect(page.getByRole("button", { name: "Pause music" })).toBeVisible();
  await expect.poll(paused).toBe(false);
  await page.getByRole("button", { name: /Play Reception/ }).click();
  await expect(page.getByTestId("theater")).toBeVisible();
  await expect.poll(paused).toBe(true);
});

test("the muted background video rests while a film plays, and goes on after (issue 19 item 10)", async ({ page }) => {
  const { studio, gallery } = await seedPublicGallery();
  // A loop of its own (the background is one of the gallery's films: here a third one).
  const loop = await seedReadyVideo(studio.id, gallery.folderId, gallery.id, "Loop");
  await db().gallery.update({ where: { id: gallery.id }, data: { bgVideoUrl: loop.storageKey } });
  await page.goto(`/g/${gallery.customUrl}`);
  const background = page.getByTestId("gallery-background-video");
  const paused = () => background.evaluate((v: HTMLVideoElement) => v.paused);
  await expect.poll(paused).toBe(false);
  // Each film once (issue 57 item 1).
  await page.getByRole("button", { name: "Play Ceremony" }).click();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await expect.poll(paused).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("theater")).toBeHidden();
  await expect.poll(paused).toBe(false);
});
