// Vertical films keep their shape (issue 57 item 2): a 9:16 reel's card is 9:16 beside a 16:9 film's,
// and its player is 9:16 and fills a portrait phone's height; on a laptop it stands upright, centred.
// The studio's library, player and compare show it at its shape too.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { clipArgs } from "../helpers/test-clip";
import { TEXTS } from "@/lib/texts";
import { createAccount, db, seedGallery, seedReadyVideo, signInByApi, store } from "./support";

const REEL = 108 / 192;

/** A 1 s 108×192 fast-start clip and its 440 px frame, made once per run. */
function reelFiles(): { clip: string; thumb: string } {
  const dir = path.resolve(".data/e2e");
  const clip = path.join(dir, "reel-108x192.mp4");
  const thumb = path.join(dir, "reel-108x192.jpg");
  if (!fs.existsSync(clip) || !fs.existsSync(thumb)) {
    const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    const tmp = path.join(dir, `reel-${process.pid}-${randomUUID().slice(0, 6)}`);
    execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...clipArgs(`${tmp}.mp4`, { seconds: 1, size: "108x192", faststart: true })]);
    execFileSync(ffmpeg, ["-y", "-loglevel", "error", "-i", `${tmp}.mp4`, "-frames:v", "1", "-vf", "scale=440:-2", `${tmp}.jpg`]);
    fs.renameSync(`${tmp}.jpg`, thumb);
    fs.renameSync(`${tmp}.mp4`, clip);
  }
  return { clip, thumb };
}

async function seedGalleryWithReel() {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  // A film whose dimensions were never recorded: 16:9.
  const toast = await seedReadyVideo(studio.id, folder.id, gallery.id, "Toast");
  await db().video.update({ where: { id: toast.id }, data: { width: null, height: null } });
  const { s3, env } = store();
  const { clip, thumb } = reelFiles();
  const storageKey = `${studio.id}/${folder.id}/${gallery.id}/reel_${randomUUID().slice(0, 8)}.mp4`;
  const thumbnailKey = `${storageKey}.derived/thumb-50.jpg`;
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: storageKey, Body: fs.readFileSync(clip), ContentType: "video/mp4" }));
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: thumbnailKey, Body: fs.readFileSync(thumb), ContentType: "image/jpeg" }));
  const reel = await db().video.create({
    data: {
      title: "Reel",
      storageKey,
      thumbnailKey,
      sizeBytes: BigInt(fs.statSync(clip).size),
      durationSec: 1,
      width: 108,
      height: 192,
      status: "READY",
      galleryId: gallery.id,
      adminId: studio.id,
      processedAt: new Date(),
      version: 2,
    },
  });
  // Its first cut, kept (the same reel, stored apart): the studio can compare the two.
  const keptKey = `${storageKey}.v1.mp4`;
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: keptKey, Body: fs.readFileSync(clip), ContentType: "video/mp4" }));
  await db().videoVersion.create({
    data: { videoId: reel.id, adminId: studio.id, version: 1, storageKey: keptKey, sizeBytes: BigInt(fs.statSync(clip).size), durationSec: 1, width: 108, height: 192, filedAt: new Date() },
  });
  return { studio, gallery };
}

async function box(locator: Locator) {
  const b = (await locator.boundingBox())!;
  return { ...b, aspect: b.width / b.height };
}

const card = (page: Page, title: string) =>
  page
    .getByRole("button", { name: `Play ${title}` })
    .first()
    .getByTestId("gallery-video-frame");

test("a vertical film's card and player keep its shape, filling a phone's height and centred on a laptop", async ({ page }) => {
  const { gallery } = await seedGalleryWithReel();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/g/${gallery.customUrl}`);
  expect(Math.abs((await box(card(page, "Reel"))).aspect / REEL - 1)).toBeLessThan(0.02);
  expect(Math.abs((await box(card(page, "Ceremony"))).aspect / (16 / 9) - 1)).toBeLessThan(0.02);
  expect(Math.abs((await box(card(page, "Toast"))).aspect / (16 / 9) - 1)).toBeLessThan(0.02);
  await page.screenshot({ path: "test-results/vertical-gallery-390.png", fullPage: true });

  await page.getByRole("button", { name: "Play Reel" }).first().click();
  const player = page.getByTestId("theater").getByTestId("video-player");
  await expect(player).toBeVisible();
  const phone = await box(player);
  expect(Math.abs(phone.aspect / REEL - 1)).toBeLessThan(0.02);
  // Full width, and most of the height under the theater's header (844 px: a 16:9 box was 219 px tall).
  expect(phone.width).toBeGreaterThan(380);
  expect(phone.height).toBeGreaterThan(0.8 * 844);
  expect(phone.y + phone.height).toBeLessThanOrEqual(844);
  // The picture itself is the film's (the player does not stretch or crop it).
  await expect.poll(() => page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.videoWidth / v.videoHeight), { timeout: 15_000 }).toBeCloseTo(REEL, 2);
  await page.screenshot({ path: "test-results/vertical-theater-390.png" });

  // A laptop: the reel stands upright at its shape, within the screen, centred.
  await page.setViewportSize({ width: 1440, height: 900 });
  const laptop = await box(player);
  expect(Math.abs(laptop.aspect / REEL - 1)).toBeLessThan(0.02);
  expect(laptop.height).toBeGreaterThan(600);
  expect(laptop.y + laptop.height).toBeLessThanOrEqual(900);
  expect(Math.abs(laptop.x + laptop.width / 2 - 720)).toBeLessThan(30);
  await page.screenshot({ path: "test-results/vertical-theater-1440.png" });
  await page.keyboard.press("Escape");
  await page.screenshot({ path: "test-results/vertical-gallery-1440.png", fullPage: true });
  await page.getByRole("button", { name: "Play Ceremony" }).first().click();
  const wide = await box(player);
  expect(Math.abs(wide.aspect / (16 / 9) - 1)).toBeLessThan(0.02);
  await page.screenshot({ path: "test-results/landscape-theater-1440.png" });
});

const near = (aspect: number, shape: number) => Math.abs(aspect / shape - 1);

test("the studio's thumbnail, player and compare show a vertical film upright, whole and within the screen", async ({ page }) => {
  const { studio, gallery } = await seedGalleryWithReel();
  await signInByApi(page, studio.email);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  // The library: the reel's picture upright and uncropped on its card's 16:9 stage; a 16:9 film fills its stage.
  const thumb = (title: string) => page.getByTestId("video-card").filter({ hasText: title }).getByTestId("video-thumb");
  expect(near((await box(thumb("Reel"))).aspect, 16 / 9)).toBeLessThan(0.02);
  const picture = await box(thumb("Reel").locator("img"));
  expect(near(picture.aspect, REEL)).toBeLessThan(0.02);
  expect(Math.abs(picture.height - (await box(thumb("Reel"))).height)).toBeLessThan(1);
  expect(near((await box(thumb("Ceremony").locator("img"))).aspect, 16 / 9)).toBeLessThan(0.02);
  await page.screenshot({ path: "test-results/studio-library-1440.png", fullPage: true });

  await page.getByRole("button", { name: "Open Reel" }).click();
  const modal = page.getByTestId("video-player-modal");
  const player = modal.getByTestId("video-player");
  const laptop = await box(player);
  expect(near(laptop.aspect, REEL)).toBeLessThan(0.02);
  // Upright and large (a 16:9 box of the column's width was 466 px tall), all of it on the screen.
  expect(laptop.height).toBeGreaterThan(600);
  expect(laptop.y + laptop.height).toBeLessThanOrEqual(900);
  await page.screenshot({ path: "test-results/studio-player-1440.png" });

  await modal.getByRole("tab", { name: TEXTS.playerTabs.review }).click();
  await modal.getByRole("button", { name: TEXTS.versions.compareWith(1) }).click();
  const compare = page.getByTestId("compare-versions");
  for (const side of ["left", "right"])
    await expect.poll(() => compare.getByTestId(`compare-video-${side}`).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const panes = [await box(compare.getByTestId("compare-pane-left")), await box(compare.getByTestId("compare-pane-right"))];
  for (const pane of panes) {
    expect(near(pane.aspect, REEL)).toBeLessThan(0.02);
    expect(pane.height).toBeLessThanOrEqual(0.62 * 900 + 1);
    expect(pane.height).toBeGreaterThan(0.6 * 900);
  }
  // Side by side, close together in the middle, not each centred in half the dialog.
  expect(panes[1].x - (panes[0].x + panes[0].width)).toBeLessThan(20);
  await page.screenshot({ path: "test-results/studio-compare-1440.png" });
  await compare.getByRole("button", { name: TEXTS.versions.wipe }).click();
  expect(near((await box(compare.getByTestId("compare-stage"))).aspect, REEL)).toBeLessThan(0.02);
  await page.screenshot({ path: "test-results/studio-compare-wipe-1440.png" });

  // A phone: the panes one above the other, each upright, as wide as the phone allows within 62 % of its height.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(compare.getByTestId("compare-stage")).toHaveAttribute("data-mode", "side");
  const pane = await box(compare.getByTestId("compare-pane-left"));
  expect(near(pane.aspect, REEL)).toBeLessThan(0.02);
  expect(pane.height).toBeGreaterThan(0.6 * 844);
  await page.screenshot({ path: "test-results/studio-compare-390.png", fullPage: true });
  await page.keyboard.press("Escape");
  await expect(compare).toHaveCount(0);
  await modal.evaluate((el) => el.scrollTo(0, 0));
  const phone = await box(player);
  expect(near(phone.aspect, REEL)).toBeLessThan(0.02);
  expect(phone.width).toBeGreaterThan(300);
  expect(phone.y + phone.height).toBeLessThanOrEqual(844);
  await page.screenshot({ path: "test-results/studio-player-390.png" });
});
