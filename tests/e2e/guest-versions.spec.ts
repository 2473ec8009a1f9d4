// Versions and ranges for guests (issue 57 item 4), in Chromium on a phone: a film on its version 2
// with v1 kept; a guest who may comment sees "v1" on the comment made on v1, plays v1 in the
// theater (the stream door with v=1) and comes back, opens the compare (its own chunk), then marks
// a range in the composer (Set out after the box held the film) and sees it drawn as a span, posted
// as a ranged marker. Screenshots of the panel at 390 and 1440 px (/tmp and the test's output).
import { expect, test } from "@playwright/test";
import { en } from "../../lib/viewer-i18n/en";
import { addGuestInPanel, db, publishStreamCopy, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

test("a guest sees each comment's version, plays v1, compares, and comments on a range", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  const film = await publishStreamCopy(await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony"));
  // The studio filed a second cut and kept the first (the same clip stands in for both).
  await db().videoVersion.create({
    data: {
      videoId: film.id,
      adminId: studio.id,
      version: 1,
      storageKey: film.storageKey,
      streamKey: film.streamKey,
      sizeBytes: film.sizeBytes,
      durationSec: 30,
      width: 640,
      height: 360,
      processedAt: new Date(),
      filedAt: new Date(),
    },
  });
  await db().video.update({ where: { id: film.id }, data: { version: 2 } });
  await db().gallery.update({ where: { id: gallery.id }, data: { reviewMode: true } });
  await db().videoComment.create({ data: { videoId: film.id, galleryId: gallery.id, adminId: studio.id, version: 1, byStudio: true, authorName: "Northlight", text: "Warmer here", time: 5 } });
  const { link } = await addGuestInPanel(page, gallery.id, { name: "Anna Berg", email: "anna@example.com", right: "mayComment" });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guest = await context.newPage();
  const url = new URL(link);
  await guest.goto(url.pathname + url.search);
  await guest.getByRole("button", { name: "Play Ceremony" }).click();
  const theater = guest.getByTestId("theater");
  const review = theater.getByTestId("guest-review");
  // The comment made on v1 says so.
  const thread = review.getByTestId("guest-comment");
  await expect(thread).toHaveCount(1);
  await expect(thread.getByText("v1", { exact: true })).toBeVisible();

  // v1 plays in the theater's player, through the stream door with v=1; no writing meanwhile.
  const v1 = guest.waitForRequest((r) => r.url().includes(`/api/public/stream/${film.id}?`) && r.url().includes("v=1"));
  await review.getByTestId("guest-version-1").click();
  await v1;
  await expect(review.getByText(en.review.watching.replace("{version}", "1"))).toBeVisible();
  await expect(review.getByRole("textbox")).toHaveCount(0);
  await review.getByRole("button", { name: en.review.backToCurrent.replace("{version}", "2") }).click();
  await expect(review.getByTestId("guest-version-2")).toHaveAttribute("aria-pressed", "true");

  // Compare: the studio's, in its own chunk, with both versions.
  await review.getByTestId("guest-compare").click();
  const compare = guest.getByTestId("compare-versions");
  await expect(compare).toBeVisible();
  await expect(compare.getByTestId("compare-video-left")).toHaveAttribute("aria-label", "v1");
  await expect(compare.getByTestId("compare-video-right")).toHaveAttribute("aria-label", "v2");
  await guest.keyboard.press("Escape");
  await expect(compare).toHaveCount(0);

  // A range: the box holds the film at 0:03, Set out at 0:08; the timeline draws the span.
  const video = theater.locator("video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.pause();
    v.currentTime = 3;
  });
  await review.getByRole("textbox").focus();
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 8));
  await review.getByTestId("range-out").click();
  await expect(review.getByText("Comment at 0:03–0:08")).toBeVisible();
  const span = review.getByTestId("draft-span");
  await expect(span).toBeVisible();
  await expect(span).toHaveAccessibleName(en.review.rangeDraft.replace("{time}", "0:03–0:08"));
  await review.getByRole("textbox").fill("Too long, this bit");
  for (const width of [390, 1440]) {
    await guest.setViewportSize({ width, height: 900 });
    await review.screenshot({ path: `/tmp/guest-versions-${width}.png` });
    await review.screenshot({ path: test.info().outputPath(`guest-versions-${width}.png`) });
  }
  await review.getByRole("button", { name: en.review.post }).click();
  await expect(thread).toHaveCount(2);
  await expect(span).toHaveCount(0);
  await expect(review.getByTestId("comment-marker").and(guest.locator("[data-span]"))).toHaveCount(1);
  const posted = await db().videoComment.findFirstOrThrow({ where: { videoId: film.id, text: "Too long, this bit" } });
  expect([posted.time, posted.endTime, posted.version]).toEqual([3, 8, 2]);
  await context.close();
});
