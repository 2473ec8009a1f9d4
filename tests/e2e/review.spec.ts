// Review comments in the studio (issue 40), in Chromium: the player modal's REVIEW tab lists a
// guest's comment as plain text, seeks to it, takes the studio's reply and comment (keyboard only),
// resolves and reopens the thread, and downloads the editor's markers file. axe-core checks the panel.
import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";
import { TEXTS } from "../../lib/texts";

test("the studio reads a guest's comment, replies, resolves and downloads markers", async ({ page }) => {
  test.setTimeout(90_000);
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  const video = await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  const inviteId = randomUUID();
  await db().galleryInvite.create({
    data: { id: inviteId, galleryId: gallery.id, adminId: studio.id, name: "Anna", email: `anna-${inviteId}@example.test`, salt: "s", tokenHash: inviteId, mayComment: true },
  });
  const hostile = `<img src=x onerror="document.title='pwned'">Music too loud`;
  await db().videoComment.create({
    data: { videoId: video.id, galleryId: gallery.id, adminId: studio.id, version: 1, inviteId, authorName: "Anna", text: hostile, time: 12, endTime: 14 },
  });

  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("button", { name: "Open Ceremony" }).click();
  const modal = page.getByTestId("video-player-modal");
  await modal.getByRole("tab", { name: TEXTS.playerTabs.review }).click();
  const panel = page.getByTestId("review-panel");
  const thread = panel.getByTestId("comment-thread");
  await expect(thread).toHaveCount(1);
  // Plain text: the markup is shown as typed and runs nothing.
  await expect(thread.getByTestId("comment-text")).toHaveText(hostile);
  expect(await page.title()).not.toBe("pwned");
  await expect(panel.getByTestId("review-open-count")).toHaveText(TEXTS.review.openCount(1));

  // Its time seeks the film there.
  await thread.getByTestId("comment-seek").click();
  await expect.poll(() => modal.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(11.9);
  // Its marker on the timeline strip (a range: 0:12–0:14) seeks there too, from the start.
  await modal.locator("video").evaluate((v: HTMLVideoElement) => (v.currentTime = 0));
  const marker = panel.getByTestId("comment-strip").getByTestId("comment-marker");
  await expect(marker).toHaveAccessibleName(TEXTS.review.seek("0:12–0:14", "Anna"));
  await marker.click();
  await expect.poll(() => modal.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(11.9);
  await modal.locator("video").evaluate((v: HTMLVideoElement) => v.pause());

  // A reply by keyboard: Reply, type, Ctrl+Enter.
  await thread.getByRole("button", { name: TEXTS.review.reply }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Lowered it in the new mix");
  await page.keyboard.press("Control+Enter");
  await expect(thread.getByTestId("comment-reply")).toHaveCount(1);
  await expect(thread.getByTestId("comment-reply").getByTestId("comment-text")).toHaveText("Lowered it in the new mix");

  // Resolve, then reopen.
  await thread.getByRole("button", { name: TEXTS.review.resolve }).click();
  await expect(panel.getByTestId("review-open-count")).toHaveText(TEXTS.review.openCount(0));
  await expect(thread.getByText(TEXTS.review.resolved, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("review-panel.png") });
  await thread.getByRole("button", { name: TEXTS.review.reopen }).click();
  await expect(panel.getByTestId("review-open-count")).toHaveText(TEXTS.review.openCount(1));

  // The studio's own comment at the current time, with a box drawn on the paused frame, deleted within its 10 minutes.
  await panel.getByLabel(/^Comment at /).fill("Check the colour here");
  await panel.getByRole("button", { name: TEXTS.review.draw }).click();
  await panel.getByRole("radio", { name: TEXTS.review.box }).click();
  const pad = await panel.getByTestId("sketch-surface").boundingBox();
  if (!pad) throw new Error("no drawing surface");
  await page.mouse.move(pad.x + pad.width * 0.1, pad.y + pad.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(pad.x + pad.width * 0.4, pad.y + pad.height * 0.5, { steps: 4 });
  await page.mouse.up();
  const posted = page.waitForResponse((r) => r.url().endsWith(`/api/videos/comments/${video.id}`) && r.request().method() === "POST");
  await panel.getByRole("button", { name: TEXTS.review.post }).first().click();
  const sent = (await (await posted).json()) as { comment: { drawing: { shapes: { kind: string; from: number[]; to: number[] }[] } } };
  expect(sent.comment.drawing.shapes).toMatchObject([{ kind: "rect" }]);
  expect(sent.comment.drawing.shapes[0].to[0]).toBeCloseTo(0.4, 1);
  await expect(panel.getByTestId("comment-thread")).toHaveCount(2);
  const mine = panel.getByTestId("comment-thread").filter({ hasText: "Check the colour here" });
  await mine.getByRole("button", { name: TEXTS.review.deleteOwn }).click();
  await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
  await expect(panel.getByTestId("comment-thread")).toHaveCount(1);

  // The markers file for the editor.
  await panel.getByLabel(TEXTS.review.markersLabel).selectOption("fcpxml");
  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByTestId("markers-download").click()]);
  expect(download.suggestedFilename()).toBe("Ceremony v1 markers.fcpxml");
  const body = await (await download.createReadStream())!.toArray();
  expect(Buffer.concat(body).toString("utf8")).toContain("Music too loud");

  const axe = await new AxeBuilder({ page }).include("[data-testid=review-panel]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
