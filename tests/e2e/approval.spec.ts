// Approval (issue 40 item 5), in Chromium: the studio adds a guest who may approve (the Guests panel
// says the gallery is still delivered and links to Review) and puts the gallery in review with one
// revision round (keyboard only); on a phone the guest sees the film "In review" with no Download
// anywhere and requests changes on v1 (a note); the studio uploads v2 as a new version from the
// film's player (the worker processes it), v1 is kept, and the two are compared on one clock, side
// by side and as a wipe; the guest is told the included round is used before asking again, approves
// v2 — keyboard only — and the film's Download appears and opens the original; the studio's Review
// section shows "Approved by Anna Berg · v2" and both decisions. axe-core checks the panels and compare.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { en } from "../../lib/viewer-i18n/en";
import { fill } from "../../lib/viewer-i18n/format";
import { addGuestInPanel, db, publishStreamCopy, seedGallery, seedReadyVideo, shortClip, signInNewStudio } from "./support";

const PHONE = { width: 390, height: 844 };

test("a guest requests changes, then approves; the download opens; the studio sees who approved which version", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studio = await signInNewStudio(page, { creditBytes: BigInt(50 * 1048576) });
  const { folder, gallery } = await seedGallery(studio.id);
  // Published as the worker first publishes it (its stream copy): in review, viewers play that, never the original.
  const film = await publishStreamCopy(await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony"));

  // The studio adds Anna, who may approve: the gallery is still delivered, and the Guests panel says so.
  const { panel: guests, link } = await addGuestInPanel(page, gallery.id, { name: "Anna Berg", email: "anna@example.com", right: "mayApprove" });
  const note = guests.getByTestId("review-closed-note");
  await expect(note).toContainText(TEXTS.approval.rightsInDelivery);

  // Its link leads to the Review section: review, one round included (keyboard only).
  await note.getByRole("link", { name: TEXTS.approval.openReview }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/galleries/${gallery.id}/review$`));
  const reviewPut = () => page.waitForResponse((r) => r.url().endsWith(`/api/galleries/gallery/${gallery.id}/review`) && r.request().method() === "PUT");
  const toReview = page.getByRole("radio", { name: new RegExp(`^${TEXTS.approval.modeReview}`) });
  let saved = reviewPut();
  await toReview.focus();
  await page.keyboard.press("Space");
  expect((await saved).status()).toBe(200);
  await expect(toReview).toBeChecked();
  saved = reviewPut();
  await page.getByLabel(TEXTS.approval.roundsLabel).fill("1");
  await page.keyboard.press("Enter");
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("review-state")).toHaveText(TEXTS.approval.stateOpen);

  // The guest, on a phone: in review, nothing to download.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, acceptDownloads: true });
  const guest = await context.newPage();
  const url = new URL(link);
  await guest.goto(url.pathname + url.search);
  await expect.poll(() => new URL(guest.url()).search).toBe("");
  await expect(guest.getByTestId("review-badge")).toHaveText(en.gallery.inReview);
  await expect(guest.getByRole("button", { name: en.gallery.download })).toHaveCount(0);
  await guest.getByRole("button", { name: "Play Ceremony" }).click();
  const theater = guest.getByTestId("theater");
  const approval = theater.getByTestId("guest-approval");
  await expect(approval.getByTestId("approval-state")).toHaveText(fill(en.review.awaiting, { version: 1 }));
  await expect(theater.getByTestId("theater-download")).toHaveCount(0);

  // Request changes: a note is required (Send stays off without one).
  await approval.getByRole("button", { name: en.review.requestChanges }).click();
  const send = approval.getByRole("button", { name: en.review.send });
  await expect(send).toBeDisabled();
  await approval.getByLabel(en.review.noteLabel).fill("A shorter intro, please.");
  await send.click();
  await expect(approval.getByTestId("approval-state")).toHaveText(fill(en.review.changesRequested, { version: 1 }));
  await expect(approval).toContainText(fill(en.review.youRequested, { version: 1 }));

  // The studio uploads its new cut as v2 from the film's player: the worker makes it playable, v1 stays.
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("button", { name: "Open Ceremony" }).click();
  const modal = page.getByTestId("video-player-modal");
  await modal.getByRole("tab", { name: TEXTS.playerTabs.review }).click();
  const versions = modal.getByTestId("versions-panel");
  await expect(versions.getByTestId("version-row")).toHaveCount(1);
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), versions.getByRole("button", { name: TEXTS.versions.uploadNew }).click()]);
  await chooser.setFiles(shortClip());
  await expect(versions.getByTestId("version-row")).toHaveCount(2, { timeout: 30_000 });
  await expect(versions.getByTestId("version-row").first()).toContainText(TEXTS.versions.current);
  const v2 = await db().video.findUniqueOrThrow({ where: { id: film.id } });
  expect(v2).toMatchObject({ version: 2, title: "Ceremony", status: "PROCESSING" });
  expect(await db().videoVersion.findFirstOrThrow({ where: { videoId: film.id } })).toMatchObject({ version: 1, storageKey: film.storageKey, streamKey: film.streamKey });
  // The worker's first publish of a fast-start source, its stream copy being the same bytes (this
  // project runs no worker: tests/e2e/processing.spec.ts runs the real one on uploads).
  await db().video.update({ where: { id: film.id }, data: { status: "READY", streamKey: v2.storageKey, durationSec: 6, width: 320, height: 180, processedAt: new Date() } });

  // Compare v1 with v2 once v2 plays: one clock for both, side by side, then as a wipe.
  const compareWith = versions.getByRole("button", { name: TEXTS.versions.compareWith(1) });
  await expect(compareWith).toBeEnabled({ timeout: 60_000 });
  await modal.screenshot({ path: test.info().outputPath("versions-panel.png") });
  await compareWith.click();
  const compare = page.getByTestId("compare-versions");
  await expect(compare.getByTestId("compare-stage")).toHaveAttribute("data-mode", "side");
  const left = compare.getByTestId("compare-video-left");
  const right = compare.getByTestId("compare-video-right");
  const ready = (v: typeof left) => v.evaluate((el: HTMLVideoElement) => el.readyState);
  await expect.poll(() => ready(left), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => ready(right), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await compare.getByRole("button", { name: TEXTS.versions.play }).click();
  await expect.poll(() => left.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(1.5);
  await compare.getByRole("button", { name: TEXTS.versions.pause }).click();
  const times = async () => [await left.evaluate((el: HTMLVideoElement) => el.currentTime), await right.evaluate((el: HTMLVideoElement) => el.currentTime)];
  await expect.poll(async () => Math.abs((await times()).reduce((a, b) => a - b)), { timeout: 5_000 }).toBeLessThan(0.05);
  // Both stay paused (a Pause that met a hold for the follower's buffering once started both again).
  const paused = async () => [await left.evaluate((el: HTMLVideoElement) => el.paused), await right.evaluate((el: HTMLVideoElement) => el.paused)];
  await expect.poll(paused, { timeout: 2_000 }).toEqual([true, true]);
  await page.waitForTimeout(300);
  expect(await paused()).toEqual([true, true]);
  // A seek on the one position moves both.
  await compare.getByTestId("compare-position").fill("3");
  await expect.poll(async () => (await times()).map((t) => Math.round(t * 10) / 10)).toEqual([3, 3]);
  // The wipe (a desktop view): v2 over v1 from the split, moved by keyboard.
  await compare.getByRole("button", { name: TEXTS.versions.wipe }).click();
  await expect(compare.getByTestId("compare-stage")).toHaveAttribute("data-mode", "wipe");
  const wipe = compare.getByLabel(TEXTS.versions.wipePosition);
  await wipe.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowLeft");
  await expect(right.locator("..")).toHaveAttribute("style", /clip-path: inset\(0(px)? 0(px)? 0(px)? 40%\)/);
  await page.screenshot({ path: test.info().outputPath("compare-wipe.png") });
  const compareAxe = await new AxeBuilder({ page }).include("[data-testid=compare-versions]").analyze();
  expect(compareAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(compare).toHaveCount(0);

  // The guest opens the film again: v2 awaits their decision.
  await theater.getByRole("button", { name: en.theater.close }).click();
  await guest.getByRole("button", { name: "Play Ceremony" }).click();
  await expect(approval.getByTestId("approval-state")).toHaveText(fill(en.review.awaiting, { version: 2 }));
  // The one included round is used: asking again says so first.
  await approval.getByRole("button", { name: en.review.requestChanges }).click();
  await expect(approval.getByTestId("rounds-used-up")).toHaveText("The 1 revision round included is used. The studio may charge for more changes.");
  await approval.getByRole("button", { name: en.review.cancel }).click();

  // Approve, by keyboard: the download opens at once.
  await approval.getByRole("button", { name: en.review.approve }).focus();
  await guest.keyboard.press("Enter");
  await expect(approval.getByTestId("approval-state")).toHaveText(fill(en.review.approvedBy, { name: "Anna Berg", version: 2 }));
  const downloadLink = theater.getByTestId("theater-download");
  await expect(downloadLink).toBeVisible();
  const original = await guest.request.get((await downloadLink.getAttribute("href"))!, { maxRedirects: 0 });
  expect(original.status()).toBe(302);
  await guest.screenshot({ path: test.info().outputPath("approval-phone.png"), fullPage: true });
  const guestAxe = await new AxeBuilder({ page: guest }).include("[data-testid=guest-approval]").analyze();
  expect(guestAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The studio: who approved which version, and the request before it.
  await page.goto(`/studio/galleries/${gallery.id}/review`);
  const row = page.getByTestId("review-film");
  await expect(row.getByTestId("review-state")).toHaveText(TEXTS.approval.stateApproved("Anna Berg", 2));
  await expect(row).toContainText(TEXTS.approval.decisionLine("Anna Berg", "approved", 2));
  await expect(row).toContainText(TEXTS.approval.decisionLine("Anna Berg", "changes_requested", 1));
  await expect(row).toContainText("A shorter intro, please.");
  await expect(row).toContainText(TEXTS.approval.roundsUsedUp);
  await page.screenshot({ path: test.info().outputPath("review-section.png"), fullPage: true });
  const studioAxe = await new AxeBuilder({ page }).include("main").analyze();
  expect(studioAxe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Delivered: nothing is in review any more, and the card still says what the guests approved.
  const toDelivery = page.getByRole("radio", { name: new RegExp(`^${TEXTS.approval.modeDelivery}`) });
  saved = reviewPut();
  await toDelivery.focus();
  await page.keyboard.press("Space");
  expect((await saved).status()).toBe(200);
  await theater.getByRole("button", { name: en.theater.close }).click();
  await guest.reload();
  await expect(guest.getByTestId("review-badge")).toHaveText(`${en.gallery.approved} · v2`);
  await guest.screenshot({ path: test.info().outputPath("delivered-phone.png") });
  await context.close();
});
