// A guest's review (issue 40), in Chromium on a phone-size screen: the studio puts the gallery in
// review and adds a guest who may comment (the Guests panel's new right) and copies the link; the
// guest opens it, opens the film and comments at the film's time (the box pauses it), keyboard only,
// and seeks by its marker (Enter); the studio sees the comment in the film's REVIEW tab; a next
// comment appears there live, and the studio's reply and resolve appear live under the guest's film
// (server-sent events). A viewer without the right gets no panel; a guest granted one after opening
// their link gets it at the next film. axe-core checks the guest's panel.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { en } from "../../lib/viewer-i18n/en";
import { addGuestInPanel, db, publishStreamCopy, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

const PHONE = { width: 390, height: 844 };

test("a guest who may comment writes at the film's time; the studio answers; others see no panel", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  // Published as the worker first publishes it (its stream copy): in review, viewers play that, never the original.
  await publishStreamCopy(await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony"));

  // The gallery goes into review (its Review section): its guests who may comment write.
  await page.goto(`/studio/galleries/${gallery.id}/review`);
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/galleries/gallery/${gallery.id}/review`) && r.request().method() === "PUT");
  const toReview = page.getByRole("radio", { name: new RegExp(`^${TEXTS.approval.modeReview}`) });
  await toReview.click();
  expect((await saved).status()).toBe(200);
  await expect(toReview).toBeChecked();

  const { row, link } = await addGuestInPanel(page, gallery.id, { name: "Anna Berg", email: "anna@example.com", right: "mayComment" });
  await expect(row).toContainText(TEXTS.guests.badgeMayComment);

  // The guest, on a phone: the link, the film, the review panel under it.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const guest = await context.newPage();
  const url = new URL(link);
  await guest.goto(url.pathname + url.search);
  await expect.poll(() => new URL(guest.url()).search).toBe("");
  await guest.getByRole("button", { name: "Play Ceremony" }).click();
  const theater = guest.getByTestId("theater");
  const review = theater.getByTestId("guest-review");
  await expect(review).toBeVisible();
  await expect(review.getByText(en.review.empty)).toBeVisible();
  // Play a moment, then write: the box pauses the film at its time.
  const video = theater.locator("video");
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 3;
    await v.play().catch(() => {});
  });
  const box = review.getByRole("textbox");
  await box.focus();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(review.getByText(/^Comment at 0:0[3-5]$/)).toBeVisible();
  // Keyboard only: typed into the focused box, posted with Ctrl+Enter.
  await guest.keyboard.type("The music is too loud here <b>really</b>");
  await guest.keyboard.press("Control+Enter");
  const comment = review.getByTestId("guest-comment");
  await expect(comment).toHaveCount(1);
  await expect(comment.getByTestId("guest-comment-text")).toHaveText("The music is too loud here <b>really</b>");
  await expect(comment).toContainText(en.review.you);
  // On the timeline strip: a marker at its time, which seeks the film there.
  const marker = review.getByTestId("comment-marker");
  await expect(marker).toHaveCount(1);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 20));
  await marker.focus();
  await guest.keyboard.press("Enter");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(6);
  // The guest changes their own words within their 10 minutes.
  await comment.getByRole("button", { name: en.review.edit }).click();
  const words = comment.getByRole("textbox", { name: en.review.editLabel });
  await words.fill("The music is too loud here <b>really</b>, from 0:03");
  await comment.getByRole("button", { name: en.review.save }).click();
  await expect(comment.getByTestId("guest-comment-text")).toHaveText("The music is too loud here <b>really</b>, from 0:03");
  await expect(comment).toContainText(en.review.edited);
  await guest.screenshot({ path: test.info().outputPath("guest-review-phone.png"), fullPage: true });
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const axe = await new AxeBuilder({ page: guest }).include("[data-testid=guest-review]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The studio sees it in the film's REVIEW tab and answers.
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("button", { name: "Open Ceremony" }).click();
  await page.getByTestId("video-player-modal").getByRole("tab", { name: TEXTS.playerTabs.review }).click();
  const thread = page.getByTestId("review-panel").getByTestId("comment-thread");
  await expect(thread.getByTestId("comment-text")).toHaveText("The music is too loud here <b>really</b>, from 0:03");
  await expect(thread).toContainText("Anna Berg");

  // Live, both ways (server-sent events, no reload): the guest's next comment appears in the
  // studio's open panel; the studio's reply and resolve appear under the guest's film.
  // This one with an arrow drawn on the paused frame (a finger's drag on the phone).
  await review.getByRole("textbox").first().fill("And the last shot is too short");
  await review.getByRole("button", { name: en.review.draw }).click();
  await review.getByRole("radio", { name: en.review.arrow }).click();
  const surface = review.getByTestId("sketch-surface");
  const pad = await surface.boundingBox();
  if (!pad) throw new Error("no drawing surface");
  await guest.mouse.move(pad.x + pad.width * 0.25, pad.y + pad.height * 0.3);
  await guest.mouse.down();
  await guest.mouse.move(pad.x + pad.width * 0.5, pad.y + pad.height * 0.5, { steps: 5 });
  await guest.mouse.move(pad.x + pad.width * 0.6, pad.y + pad.height * 0.6, { steps: 5 });
  await guest.mouse.up();
  await expect(surface.getByTestId("sketch-arrow")).toHaveCount(1);
  const posted = guest.waitForResponse((r) => r.url().includes("/api/public/comments/") && r.request().method() === "POST");
  await review.getByRole("button", { name: en.review.post }).click();
  const drawing = ((await (await posted).json()) as { comment: { drawing: { shapes: { kind: string; from: number[]; to: number[] }[] } } }).comment.drawing;
  expect(drawing.shapes).toHaveLength(1);
  expect(drawing.shapes[0]).toMatchObject({ kind: "arrow" });
  expect(drawing.shapes[0].from[0]).toBeCloseTo(0.25, 1);
  expect(drawing.shapes[0].from[1]).toBeCloseTo(0.3, 1);
  expect(drawing.shapes[0].to[0]).toBeCloseTo(0.6, 1);
  expect(drawing.shapes[0].to[1]).toBeCloseTo(0.6, 1);
  // Selected, it shows over the frame at its time.
  const drawn = review.getByTestId("guest-comment").nth(1);
  await drawn.getByRole("button", { name: en.review.showDrawing }).click();
  await expect(drawn.getByTestId("frame-sketch").getByTestId("sketch-arrow")).toHaveCount(1);
  // The frame itself was copied (a canvas keeps 300×150 until a picture is painted into it).
  await expect
    .poll(() =>
      drawn
        .getByTestId("frame-sketch")
        .locator("canvas")
        .evaluate((c: HTMLCanvasElement) => c.width),
    )
    .toBeGreaterThan(300);
  await drawn.getByTestId("frame-sketch").screenshot({ path: test.info().outputPath("guest-frame-sketch.png") });
  await expect(page.getByTestId("review-panel").getByTestId("comment-thread")).toHaveCount(2, { timeout: 3000 });
  await expect(page.getByTestId("review-panel").getByTestId("comment-thread").nth(1)).toContainText("And the last shot is too short");
  // The studio sees the drawing over the frame too.
  await page.getByTestId("review-panel").getByTestId("comment-thread").nth(1).getByRole("button", { name: TEXTS.review.showDrawing }).click();
  await expect(page.getByTestId("review-panel").getByTestId("frame-sketch").getByTestId("sketch-arrow")).toHaveCount(1);
  await expect
    .poll(() =>
      page
        .getByTestId("review-panel")
        .getByTestId("frame-sketch")
        .locator("canvas")
        .evaluate((c: HTMLCanvasElement) => c.width),
    )
    .toBeGreaterThan(300);
  await page.screenshot({ path: test.info().outputPath("studio-drawing.png") });
  await thread.first().getByRole("button", { name: TEXTS.review.reply }).click();
  await page.keyboard.type("Lowered in the new mix");
  await page.keyboard.press("Control+Enter");
  await expect(thread.first().getByTestId("comment-reply")).toHaveCount(1);
  await thread.first().getByRole("button", { name: TEXTS.review.resolve }).click();
  const first = review.getByTestId("guest-comment").first();
  await expect(first).toContainText("Lowered in the new mix", { timeout: 3000 });
  await expect(first).toContainText(en.review.resolved, { timeout: 3000 });
  await guest.screenshot({ path: test.info().outputPath("guest-drawing-phone.png"), fullPage: true });

  // Any other viewer: the film, no review panel.
  const other = await (await browser.newContext()).newPage();
  await other.goto(`/g/${gallery.customUrl}`);
  await other.getByRole("button", { name: "Play Ceremony" }).click();
  await expect(other.getByTestId("theater")).toBeVisible();
  await expect(other.getByTestId("guest-review")).toHaveCount(0);

  // A guest let in without a review right, granted one later: the panel appears at the next film
  // opened, without the link being opened again.
  const { link: carlLink } = await addGuestInPanel(page, gallery.id, { name: "Carl Holm", email: "carl@example.com" });
  const carl = await (await browser.newContext()).newPage();
  await carl.goto(new URL(carlLink).pathname + new URL(carlLink).search);
  await expect.poll(() => new URL(carl.url()).search).toBe("");
  await carl.getByRole("button", { name: "Play Ceremony" }).click();
  const carlTheater = carl.getByTestId("theater");
  await expect(carlTheater).toBeVisible();
  await expect(carl.getByTestId("guest-review")).toHaveCount(0);
  await db().galleryInvite.updateMany({ where: { galleryId: gallery.id, email: "carl@example.com" }, data: { mayComment: true } });
  await carlTheater.getByRole("button", { name: en.theater.close }).click();
  await carl.getByRole("button", { name: "Play Ceremony" }).click();
  await expect(carl.getByTestId("guest-review")).toBeVisible();
  // May comment: the composer is there.
  await expect(carl.getByTestId("guest-review").getByRole("textbox")).toBeVisible();
});
