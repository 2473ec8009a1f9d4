// Every message in the guest's language (issue 57 item 5), in the browser: Clara is added in Deutsch
// (the add form's language); "Send to guests" lists each guest with a language select (the language
// in use: the gallery's, English, for the two others); the studio sets Louis to Français (kept on
// the guest at once: the guest list shows it), sends, and the outbox holds Louis's invitation in
// French, Clara's in German and Anna's in English. Louis's test checkout is French too.
// Screenshots of the dialog and the French checkout at 1440 and 390 px (/tmp/guest-language-*.png).
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { guestMailTexts } from "../../lib/mail/guest-texts";
import { TEXTS } from "../../lib/texts";
import { db, seedGallery, signInNewStudio } from "./support";

test('"Send to guests" sets a guest to Français: their invitation is French, their checkout too', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const studio = await signInNewStudio(page);
  await db().admin.update({ where: { id: studio.id }, data: { companyName: "Studio Lumière" } });
  const { gallery } = await seedGallery(studio.id);
  await page.goto(`/studio/galleries/${gallery.id}/guests`);
  const panel = page.getByTestId("guests-panel");
  for (const [name, email, language] of [
    ["Anna Berg", "anna-lang@example.com", ""],
    ["Louis Martin", "louis-lang@example.com", ""],
    ["Clara Vogel", "clara-lang@example.com", "de"],
  ]) {
    await panel.getByLabel(TEXTS.guests.nameLabel).fill(name);
    await panel.getByLabel(TEXTS.guests.emailLabel).fill(email);
    await panel.getByLabel(TEXTS.guests.addLanguageLabel).selectOption(language);
    await panel.getByRole("button", { name: TEXTS.guests.add }).last().click();
    await expect(panel.locator(`[data-testid=guest-row][data-email="${email}"]`)).toBeVisible();
  }

  await page.screenshot({ path: "/tmp/guest-language-panel-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/guest-language-panel-390.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await panel.getByRole("button", { name: TEXTS.guests.sendAllCount(3) }).click();
  const dialog = page.getByRole("dialog", { name: TEXTS.guests.sendAllDialogTitle });
  const louisLanguage = dialog.getByLabel(TEXTS.guests.languageOf("Louis Martin"));
  await expect(louisLanguage).toHaveValue("en");
  await expect(dialog.getByLabel(TEXTS.guests.languageOf("Anna Berg"))).toHaveValue("en");
  await expect(dialog.getByLabel(TEXTS.guests.languageOf("Clara Vogel"))).toHaveValue("de");
  await louisLanguage.selectOption("fr");
  await expect(louisLanguage).toHaveValue("fr");
  await expect(louisLanguage).toBeEnabled();
  // Kept on the guest at once: the list behind the dialog says so.
  await expect(panel.locator('[data-testid=guest-row][data-email="louis-lang@example.com"]').getByTestId("guest-language")).toHaveValue("fr");
  await page.screenshot({ path: "/tmp/guest-language-dialog-1440.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/tmp/guest-language-dialog-390.png" });

  await dialog.getByRole("button", { name: TEXTS.guests.sendAllCount(3) }).click();
  await expect(page.getByText(TEXTS.guests.sendAllDone(3, 0))).toBeVisible();
  const mails = await db().mailMessage.findMany({ where: { to: { in: ["anna-lang@example.com", "louis-lang@example.com", "clara-lang@example.com"] } } });
  const subjectOf = (to: string) => mails.find((m) => m.to === to)?.subject;
  expect(subjectOf("louis-lang@example.com")).toBe(guestMailTexts("fr").delivery.subject);
  expect(subjectOf("anna-lang@example.com")).toBe(guestMailTexts("en").delivery.subject);
  expect(subjectOf("clara-lang@example.com")).toBe(guestMailTexts("de").delivery.subject);

  // Louis's checkout (the test provider's page) speaks French.
  const louis = await db().galleryInvite.findFirstOrThrow({ where: { galleryId: gallery.id, email: "louis-lang@example.com" } });
  const sessionId = `local_gcs_${randomBytes(16).toString("hex")}`;
  await db().galleryPayment.create({
    data: {
      galleryId: gallery.id,
      adminId: studio.id,
      provider: "local",
      accountId: "local_acct_e2e",
      sessionId,
      url: `/pay/test/${sessionId}`,
      amount: 90000,
      currency: "eur",
      priceVersion: 0,
      payerEmail: louis.email,
      inviteId: louis.id,
    },
  });
  const fr = guestMailTexts("fr").checkout;
  await page.goto(`/pay/test/${sessionId}`);
  await expect(page.getByRole("heading", { name: fr.title("Studio Lumière") })).toBeVisible();
  await expect(page.getByText(fr.testNote)).toBeVisible();
  await expect(page.getByRole("button", { name: fr.pay, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(fr.pageTitle));
  await page.screenshot({ path: "/tmp/guest-language-checkout-390.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "/tmp/guest-language-checkout-1440.png", fullPage: true });
});
