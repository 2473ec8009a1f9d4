// The delivery mail (issue 39 item 3), end to end on the production build: the studio sets a download
// PIN, adds a guest, writes a subject and a personal message (with markup in it) in the send dialog
// and opens the preview (a sandboxed frame; screenshots at 1440 and 390 px); sends; the outbox's mail
// is the preview, byte for byte. The guest, told to ask the studio for the PIN, sees the PIN dialog
// say so. A second guest's send is scheduled: the guest list shows "Scheduled for". "Send to
// guests" previews each guest's own mail, chosen by keyboard: a German guest's is German, with their
// name and personal link, and is the mail that guest is sent.
import { previewDocument } from "../../lib/browser/mail-preview";
import { expect, test, type Page } from "@playwright/test";
import { guestMailTexts } from "../../lib/mail/guest-texts";
import { TEXTS } from "../../lib/texts";
import { en } from "../../lib/viewer-i18n/en";
import { db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

const PIN = "735190";
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A datetime-local value two days ahead. */
function inTwoDays(): string {
  const d = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

/** Adds the guests (name, address) in the gallery's Guests panel; the panel. */
async function addGuests(page: Page, galleryId: string, guests: [string, string][]) {
  await page.goto(`/studio/galleries/${galleryId}/guests`);
  const panel = page.getByTestId("guests-panel");
  for (const [name, email] of guests) {
    await panel.getByLabel(TEXTS.guests.nameLabel).fill(name);
    await panel.getByLabel(TEXTS.guests.emailLabel).fill(email);
    await panel.getByRole("button", { name: TEXTS.guests.add }).last().click();
    await expect(panel.locator(`[data-testid=guest-row][data-email="${email}"]`)).toBeVisible();
  }
  return panel;
}

test("the studio previews its mail, sends it, and the guest gets exactly that; the PIN dialog says to ask the studio", async ({ page, browser }) => {
  // A long walk (two guests, a preview, a send, a schedule, a guest's download) on a shared machine.
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const studio = await signInNewStudio(page);
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Northlight Films" } });
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");

  // A download PIN, set in the access settings.
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  const access = page.locator("section[aria-labelledby=access-heading]");
  await access.getByLabel(TEXTS.access.pinLabel).fill(PIN);
  await page.getByRole("button", { name: "Set PIN" }).click();
  await expect(page.getByTestId("access-pin-state")).toHaveText(TEXTS.access.pinSet);

  // Two guests.
  const panel = await addGuests(page, gallery.id, [
    ["Anna Berg", "anna-mail@example.com"],
    ["Louis Martin", "louis-mail@example.com"],
  ]);
  const anna = panel.locator('[data-testid=guest-row][data-email="anna-mail@example.com"]');
  const louis = panel.locator('[data-testid=guest-row][data-email="louis-mail@example.com"]');
  await expect(louis).toBeVisible();

  // The send dialog: a subject, a message with markup, "ask me for the PIN" (the default); Preview.
  await anna.getByRole("button", { name: `${TEXTS.guests.send} to Anna Berg` }).click();
  const dialog = page.getByRole("dialog", { name: TEXTS.guests.sendDialogTitle("Anna Berg") });
  await dialog.getByLabel(TEXTS.guests.subjectLabel).fill("Your wedding films are here");
  await dialog.getByLabel(TEXTS.guests.messageLabel).fill("Dear Anna,\nIt was a joy. <script>alert('x')</script> <b>Enjoy!</b>");
  await expect(dialog.getByLabel(TEXTS.guests.pinAskStudio)).toBeChecked();
  await dialog.getByRole("button", { name: TEXTS.guests.preview }).click();
  const frame = dialog.getByTestId("mail-preview").locator("iframe");
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(dialog.getByTestId("mail-preview-subject")).toHaveText("Your wedding films are here");
  // The open preview follows an edit, without pressing Preview again.
  await dialog.getByLabel(TEXTS.guests.subjectLabel).fill("Your wedding films are here!");
  await expect(dialog.getByTestId("mail-preview-subject")).toHaveText("Your wedding films are here!");
  const inFrame = page.frameLocator("[data-testid=mail-preview] iframe");
  await expect(inFrame.getByText("It was a joy. <script>alert('x')</script> <b>Enjoy!</b>", { exact: false })).toBeVisible();
  await expect(inFrame.getByText("please ask Northlight Films for it", { exact: false })).toBeVisible();
  const previewHtml = (await frame.getAttribute("srcdoc"))!;
  expect(previewHtml).not.toContain(PIN);
  await page.screenshot({ path: "test-results/delivery-mail-preview-1440.png" });
  await page.setViewportSize(PHONE);
  await expect(frame).toBeVisible();
  await page.screenshot({ path: "test-results/delivery-mail-preview-390.png" });
  await page.setViewportSize(DESKTOP);

  // Send: the outbox holds exactly the preview.
  await dialog.getByRole("button", { name: TEXTS.guests.sendNow }).click();
  await expect(page.getByText(TEXTS.guests.sent("Anna Berg"))).toBeVisible();
  await expect(dialog).toBeHidden();
  const mail = await db().mailMessage.findFirstOrThrow({ where: { to: "anna-mail@example.com" } });
  expect(mail.subject).toBe("Your wedding films are here!");
  // The frame shows the sent mail without its (invisible) open pixel: the preview counted no opening.
  expect(previewDocument(mail.html)).toBe(previewHtml);
  expect(mail.html).toContain("/api/public/invites/open/");
  expect(previewHtml).not.toContain("/api/public/invites/open/");
  expect((await db().galleryInvite.findFirstOrThrow({ where: { email: "anna-mail@example.com" } })).openedAt).toBeNull();

  // Louis's mail is scheduled: the list says when.
  await louis.getByRole("button", { name: `${TEXTS.guests.send} to Louis Martin` }).click();
  const second = page.getByRole("dialog", { name: TEXTS.guests.sendDialogTitle("Louis Martin") });
  await second.getByLabel(TEXTS.guests.languageLabel).selectOption("fr");
  await second.getByLabel(TEXTS.guests.scheduleLabel).fill(inTwoDays());
  await second.getByRole("button", { name: TEXTS.guests.schedule }).click();
  await expect(page.getByText(TEXTS.guests.scheduled("Louis Martin"))).toBeVisible();
  await expect(louis.getByTestId("guest-scheduled")).toContainText(TEXTS.guests.scheduledFor);
  expect(await db().mailMessage.count({ where: { to: "louis-mail@example.com" } })).toBe(0);
  await panel.screenshot({ path: "test-results/delivery-mail-guests-1440.png" });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "test-results/delivery-mail-guests-390.png", fullPage: true });

  // The guest, by the link of the mail: the PIN dialog tells them to ask the studio.
  const link = await anna.getByTestId("guest-link").inputValue();
  const context = await browser.newContext({ viewport: PHONE });
  const guest = await context.newPage();
  const url = new URL(link);
  await guest.goto(url.pathname + url.search);
  await guest.getByRole("button", { name: "Download" }).click();
  await guest.getByTestId("download-menu").getByRole("menuitem", { name: "Ceremony" }).click();
  const pin = guest.getByRole("dialog", { name: en.viewer.pinHeading });
  await expect(pin).toContainText(en.viewer.pinAskStudio);
  await guest.screenshot({ path: "test-results/delivery-mail-pin-ask-390.png" });
  await context.close();
});

test("\"Send to guests\" previews each guest's own mail: a German guest's preview is German, and is the mail that guest gets", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const studio = await signInNewStudio(page);
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Northlight Films" } });
  const { gallery } = await seedGallery(studio.id);

  const panel = await addGuests(page, gallery.id, [
    ["Anna Berg", "anna-all@example.com"],
    ["Greta Vogel", "greta-all@example.com"],
  ]);
  // Greta reads German (her invite's language, as a send to her alone would have kept it).
  await db().galleryInvite.updateMany({ where: { galleryId: gallery.id, email: "greta-all@example.com" }, data: { language: "de" } });
  await page.reload();
  const gretaLink = await panel.locator('[data-testid=guest-row][data-email="greta-all@example.com"]').getByTestId("guest-link").inputValue();

  await panel.getByRole("button", { name: TEXTS.guests.sendAllCount(2) }).click();
  const dialog = page.getByRole("dialog", { name: TEXTS.guests.sendAllDialogTitle });
  await dialog.getByLabel(TEXTS.guests.messageLabel).fill("It was a joy to film your day.");
  const who = dialog.getByLabel(TEXTS.guests.previewFor);
  await expect(who.locator("option")).toHaveText(["Anna Berg <anna-all@example.com>", "Greta Vogel <greta-all@example.com> · Deutsch"]);
  await dialog.getByRole("button", { name: TEXTS.guests.preview }).click();
  const shown = dialog.getByTestId("mail-preview");
  await expect(shown.getByTestId("mail-preview-to")).toHaveText("Anna Berg <anna-all@example.com>");
  await expect(shown.getByTestId("mail-preview-language")).toHaveText("English");
  const inFrame = page.frameLocator("[data-testid=mail-preview] iframe");
  await expect(inFrame.getByText("Hi Anna Berg,")).toBeVisible();

  // The keyboard chooses Greta: her mail replaces Anna's at once.
  await who.focus();
  await page.keyboard.press("ArrowDown");
  await expect(shown.getByTestId("mail-preview-to")).toHaveText("Greta Vogel <greta-all@example.com>");
  await expect(shown.getByTestId("mail-preview-language")).toHaveText("Deutsch");
  const de = guestMailTexts("de");
  await expect(dialog.getByTestId("mail-preview-subject")).toHaveText(de.delivery.subject);
  await expect(inFrame.getByText("Hallo Greta Vogel,")).toBeVisible();
  await expect(inFrame.getByRole("link", { name: de.delivery.button })).toHaveAttribute("href", gretaLink);
  await expect(inFrame.getByText("It was a joy to film your day.")).toBeVisible();
  await expect(inFrame.getByText("Anna", { exact: false })).toHaveCount(0);
  const frame = shown.locator("iframe");
  const previewHtml = (await frame.getAttribute("srcdoc"))!;
  expect(previewHtml).toContain('lang="de"');
  await page.screenshot({ path: "test-results/delivery-mail-preview-guests-1440.png" });
  await page.setViewportSize(PHONE);
  await expect(frame).toBeVisible();
  await page.screenshot({ path: "test-results/delivery-mail-preview-guests-390.png" });
  await page.setViewportSize(DESKTOP);

  // Sent to both: Greta's mail is the German preview, byte for byte; Anna's is English.
  await dialog.getByRole("button", { name: TEXTS.guests.sendAllCount(2) }).click();
  await expect(page.getByText(TEXTS.guests.sendAllDone(2, 0))).toBeVisible();
  const greta = await db().mailMessage.findFirstOrThrow({ where: { to: "greta-all@example.com" } });
  expect(greta.subject).toBe(de.delivery.subject);
  expect(previewDocument(greta.html)).toBe(previewHtml);
  const anna = await db().mailMessage.findFirstOrThrow({ where: { to: "anna-all@example.com" } });
  expect(anna.subject).toBe(guestMailTexts("en").delivery.subject);
});
