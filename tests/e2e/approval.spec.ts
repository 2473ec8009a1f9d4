// Approval (issue 40 item 5), in Chromium: the studio adds a guest who may approve (the Guests panel
// says the gallery is still delivered and links to Review) and puts the gallery in review with one
// revision round (keyboard only); on a phone the guest sees the film "In review" with no Download
// anywhere and requests changes on v1 (a note); a v2 lands, the guest is told the included round is
// used before asking again, approves v2 — keyboard only — and the film's Download appears and opens
// the original; the studio's Review section shows "Approved by Anna Berg · v2" and both decisions.
// axe-core checks both panels.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { en } from "../../lib/viewer-i18n/en";
import { fill } from "../../lib/viewer-i18n/format";
import { addGuestInPanel, db, publishStreamCopy, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

const PHONE = { width: 390, height: 844 };

test("a guest requests changes, then approves; the download opens; the studio sees who approved which version", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studio = await signInNewStudio(page);
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

  // The studio's new cut (v2) lands; the guest opens the film again: v2 awaits their decision.
  await db().video.update({ where: { id: film.id }, data: { version: 2 } });
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
  await context.close();
});
