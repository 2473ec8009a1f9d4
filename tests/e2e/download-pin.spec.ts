// The download PIN (issue 21, item 3), end to end on the production build: the studio sets it in the
// gallery's access settings; a viewer's download then asks for it in a dialog (a wrong PIN says so,
// the right one downloads the film), and the next download does not ask again; viewing never asks.
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

const PIN = "482913";

test("the studio sets a download PIN; a viewer's download asks for it, refuses a wrong one and downloads with the right one", async ({ page, browser }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await seedReadyVideo(studio.id, folder.id, gallery.id, "First dance");

  // The studio's side: the access panel's PIN field.
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  const panel = page.locator("section[aria-labelledby=access-heading]");
  const pinField = panel.getByLabel(TEXTS.access.pinLabel);
  await expect(page.getByTestId("access-pin-state")).toHaveText(TEXTS.access.pinNone);
  await expect(page.getByText(TEXTS.access.pinHint)).toBeVisible();
  await pinField.fill("12");
  await page.getByRole("button", { name: "Set PIN" }).click();
  await expect(panel.getByRole("alert")).toHaveText(TEXTS.access.pinInvalid);
  expect((await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).downloadPinHash).toBeNull();
  await pinField.fill(PIN);
  await page.getByRole("button", { name: "Set PIN" }).click();
  await expect(page.getByTestId("access-pin-state")).toHaveText(TEXTS.access.pinSet);
  await expect(page.getByRole("button", { name: "Remove PIN" })).toBeVisible();
  await expect(pinField).toHaveValue("");
  expect((await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).downloadPinHash).toMatch(/^\$argon2id\$/);
  await panel.screenshot({ path: "/tmp/pin-access-panel.png" });

  // A viewer (a browser of its own): the page plays without a PIN, the download asks for it.
  const viewer = await browser.newContext({ acceptDownloads: true });
  const v = await viewer.newPage();
  await v.goto(`/g/${gallery.customUrl}`);
  const downloadButton = v.getByRole("button", { name: "Download" });
  await downloadButton.click();
  await v.getByTestId("download-menu").getByRole("menuitem", { name: "Ceremony" }).click();
  const dialog = v.getByRole("dialog", { name: TEXTS.viewer.pinHeading });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(TEXTS.viewer.pinRequired);
  const field = dialog.getByLabel(TEXTS.viewer.pinLabel, { exact: true });
  await expect(field).toBeFocused();

  // Too short: said at once, nothing sent. Wrong: the server's words.
  await field.fill("12");
  await v.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(TEXTS.viewer.pinInvalid);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill("1111");
  await v.keyboard.press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText(TEXTS.viewer.wrongPin);
  await v.screenshot({ path: "/tmp/pin-dialog.png" });

  // Escape closes it and gives the focus back; the next try asks again.
  await v.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(downloadButton).toBeFocused();
  await downloadButton.click();
  await v.getByTestId("download-menu").getByRole("menuitem", { name: "Ceremony" }).click();
  await expect(dialog).toBeVisible();

  // The right PIN: the film downloads under its title.
  await dialog.getByLabel(TEXTS.viewer.pinLabel, { exact: true }).fill(PIN);
  const [file] = await Promise.all([v.waitForEvent("download"), v.keyboard.press("Enter")]);
  expect(file.suggestedFilename()).toBe("Ceremony.mp4");
  await expect(dialog).toBeHidden();
  const cookies = await viewer.cookies();
  expect(cookies.find((c) => c.name.startsWith("vf_pin_"))?.httpOnly).toBe(true);

  // This browser gave it: the next download (from the theater this time) does not ask.
  await v.getByRole("button", { name: /Play First dance/ }).click();
  const [second] = await Promise.all([v.waitForEvent("download"), v.getByTestId("theater-download").click()]);
  expect(second.suggestedFilename()).toBe("First dance.mp4");
  await expect(dialog).toHaveCount(0);
  await viewer.close();
});

test("in the theater, the PIN dialog opens over the film and the right PIN downloads it", async ({ page, browser }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Vows");
  // Set through the studio's access API (its form is driven above).
  const put = await page.request.put(`/api/galleries/gallery/${gallery.id}/access`, { data: { downloadPin: PIN } });
  expect(await put.json()).toEqual({ access: { hasPassword: false, hasDownloadPin: true, expiresAt: null, audience: "link" } });

  const viewer = await browser.newContext({ acceptDownloads: true });
  const v = await viewer.newPage();
  await v.goto(`/g/${gallery.customUrl}`);
  await v.getByRole("button", { name: /Play Vows/ }).click();
  await v.getByTestId("theater-download").click();
  const dialog = v.getByRole("dialog", { name: TEXTS.viewer.pinHeading });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel(TEXTS.viewer.pinLabel, { exact: true });
  await expect(field).toBeFocused();
  await field.fill(PIN);
  const [file] = await Promise.all([v.waitForEvent("download"), dialog.getByRole("button", { name: TEXTS.viewer.pinSubmit }).click()]);
  expect(file.suggestedFilename()).toBe("Vows.mp4");
  await expect(dialog).toBeHidden();
  // The theater is still open, and has the focus back.
  await expect(v.getByTestId("theater")).toBeVisible();
  await viewer.close();
});
