// Clients (issue 60 item 1) in a real browser against the production build: from the header's
// Clients, a studio adds a client in the dialog, opens their page, links one of its galleries (the
// card's status shows), and imports a 3-row CSV with one bad row, seeing the refused row's reason.
// Screenshots at 390 and 1440 px go to test-results/.
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { db, seedGallery, signInNewStudio } from "./support";

const T = TEXTS.customers;

test("a studio adds a client, links a gallery on their page, and imports a CSV with a refused row", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id, { galleryName: "Emma & James — wedding" });
  await db().gallery.update({ where: { id: gallery.id }, data: { priceAmount: 90000, priceCurrency: "eur" } });

  await page.goto("/studio/galleries");
  await page.getByRole("navigation", { name: T.studioNav }).getByRole("link", { name: T.navLabel }).click();
  await expect(page.getByRole("heading", { name: T.heading, level: 1 })).toBeVisible();
  await expect(page.getByText(T.empty)).toBeVisible();
  // At a phone's width the header (its Galleries / Clients nav) and the page fit without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/customers-empty-390.png" });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Add a client, by the dialog's labelled fields.
  await page.getByRole("button", { name: T.add }).click();
  const dialog = page.getByRole("dialog", { name: T.addTitle });
  await dialog.getByLabel(T.fields.name).fill("Emma Laurent");
  await dialog.getByLabel(T.fields.email).fill("Emma@Example.com");
  await dialog.getByLabel(T.fields.language).selectOption("fr");
  await dialog.getByRole("button", { name: T.save }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByTestId("customer-list");
  await expect(list).toContainText("emma@example.com");

  // Their page: link the gallery; its card's status shows there.
  await list.getByRole("link", { name: /Emma Laurent/ }).click();
  await expect(page.getByRole("heading", { name: "Emma Laurent", level: 1 })).toBeVisible();
  await expect(page.getByText(T.noGalleries)).toBeVisible();
  await page.getByLabel(T.linkLabel).selectOption({ label: gallery.name });
  await page.getByRole("button", { name: T.link, exact: true }).click();
  const galleries = page.getByTestId("customer-galleries");
  await expect(galleries).toContainText(gallery.name);
  await expect(galleries.getByTestId("gallery-status")).toContainText("Awaiting payment");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/customer-page-390.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/customer-page-1440.png", fullPage: true });

  // Import a CSV: two good rows and one without an e-mail.
  await page.getByRole("link", { name: T.back }).click();
  await page.getByRole("button", { name: T.importCsv }).click();
  const importer = page.getByRole("dialog", { name: T.importTitle });
  await importer.getByLabel(T.importFile).setInputFiles({
    name: "clients.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("name,email,phone\nNoah Berg,noah@example.com,+49 30 1234\nNo Mail,,\nMia Rossi,mia@example.com,\n"),
  });
  await importer.getByRole("button", { name: T.importRun }).click();
  const report = importer.getByTestId("import-report");
  await expect(report).toContainText(T.importDone(2));
  await expect(report).toContainText(T.refusedRow(3, "Email is required."));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/customers-import-390.png" });
  await report.getByRole("button", { name: T.close }).click();
  await expect(list).toContainText("noah@example.com");
  await expect(list).toContainText("mia@example.com");
  await expect(list.getByRole("link", { name: /Emma Laurent/ })).toContainText(T.galleriesCount(1));
  await page.screenshot({ path: "test-results/customers-390.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/customers-1440.png", fullPage: true });
});
