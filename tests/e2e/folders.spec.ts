import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { db, expectPath, seedGallery, signInNewStudio } from "./support";

const DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/;

test("a new folder becomes the current one, an empty name is ignored, and the choice survives a reload", async ({ page }) => {
  const studio = await signInNewStudio(page);
  await expect(page.getByText(TEXTS.noFolders)).toBeVisible();

  await page.getByRole("button", { name: TEXTS.newFolder }).first().click();
  const dialog = page.getByRole("dialog", { name: TEXTS.newFolder });
  await dialog.getByLabel("Folder name").fill("   ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Folder name").fill("Spring Weddings");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Spring Weddings" })).toBeVisible();
  await expect(page.getByText(TEXTS.noGalleries)).toBeVisible();

  await page.getByRole("button", { name: TEXTS.newFolder }).click();
  await page.getByRole("dialog").getByLabel("Folder name").fill("Autumn Events");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Autumn Events" })).toBeVisible();
  const list = page.getByTestId("folder-list");
  await expect(list.getByRole("listitem")).toHaveText([/Autumn Events/, /Spring Weddings/]);
  await expect(list.getByRole("button", { name: "Autumn Events", exact: true })).toHaveAttribute("aria-current", "true");
  expect(await db().folder.count({ where: { adminId: studio.id } })).toBe(2);

  await list.getByRole("button", { name: "Spring Weddings", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Spring Weddings" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Spring Weddings" })).toBeVisible();
  await page.goto("/studio/galleries");
  await expect(page.getByRole("heading", { level: 1, name: "Spring Weddings" })).toBeVisible();
});

test("New Gallery goes through Choose Layout and the name, creates the gallery and opens its videos", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const folder = await db().folder.create({ data: { name: "Client work", adminId: studio.id } });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Client work" })).toBeVisible();

  await page.getByRole("button", { name: TEXTS.newGallery }).click();
  const layouts = page.getByRole("dialog", { name: TEXTS.chooseLayout });
  const create = layouts.getByRole("button", { name: TEXTS.createNewGallery });
  await expect(layouts.getByRole("radio")).toHaveCount(1);
  await expect(create).toBeDisabled();
  await layouts.getByRole("radio", { name: /Classic/ }).click();
  await expect(create).toBeEnabled();
  await create.click();

  const naming = page.getByRole("dialog", { name: TEXTS.newGallery });
  await naming.getByRole("button", { name: "Save" }).click();
  await expect(naming).toBeVisible();
  await naming.getByLabel("Gallery name").fill("Emma & James");
  await naming.getByRole("button", { name: "Save" }).click();

  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/studio\/galleries\/[0-9a-f-]{36}\/videos$/);
  const id = new URL(page.url()).pathname.split("/")[3];
  await expect(page.getByRole("heading", { level: 1, name: "Client work | Emma & James" })).toBeVisible();
  await expect(page.getByText(TEXTS.noVideos)).toBeVisible();
  const row = await db().gallery.findUniqueOrThrow({ where: { id } });
  expect(row).toMatchObject({
    folderId: folder.id,
    adminId: studio.id,
    name: "Emma & James",
    title: "Emma & James",
    templateId: "classic",
    fheading: "font-sans",
    fbody: "font-sans",
    settingDownload: true,
    settingShare: true,
    settingTv: true,
    settingPlayAll: true,
  });
  expect(row.customUrl).toMatch(/^emma-and-james(-[a-z0-9]+)?$/);

  await page.getByRole("link", { name: TEXTS.goBack }).click();
  await expectPath(page, "/studio/galleries");
  const card = page.getByTestId("gallery-card").filter({ hasText: "Emma & James" });
  await expect(card.locator("time")).toHaveText(DATE);
  await expect(card.getByTestId("card-placeholder")).toBeVisible();
  expect(await card.evaluate((el) => el.getBoundingClientRect().width)).toBe(285);
  await card.getByRole("link").click();
  await expectPath(page, `/studio/galleries/${id}/videos`);
});

test("a gallery and a folder are renamed and deleted after the confirmations", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id, { folderName: "To tidy", galleryName: "Old name" });
  await page.reload();
  const card = page.getByTestId("gallery-card");
  await expect(card).toHaveText(/Old name/);

  // The card menu works from the keyboard.
  await card.getByRole("button", { name: "Gallery actions for Old name" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Rename" }).press("Enter");
  const rename = page.getByRole("dialog", { name: "Rename Gallery" });
  await rename.getByLabel("Name").fill("");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(rename).toBeVisible();
  await rename.getByLabel("Name").fill("New name");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(card).toHaveText(/New name/);
  expect((await db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).name).toBe("New name");

  await card.getByRole("button", { name: "Gallery actions for New name" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText(TEXTS.confirmDelete.gallery);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(TEXTS.noGalleries)).toBeVisible();
  expect(await db().gallery.count({ where: { id: gallery.id } })).toBe(0);

  const list = page.getByTestId("folder-list");
  await list.getByRole("button", { name: "Folder actions for To tidy" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await page.getByRole("dialog", { name: "Rename Folder" }).getByLabel("Name").fill("Tidied");
  await page.getByRole("dialog", { name: "Rename Folder" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tidied" })).toBeVisible();

  await list.getByRole("button", { name: "Folder actions for Tidied" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await expect(page.getByRole("dialog")).toContainText(TEXTS.confirmDelete.folder);
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(TEXTS.folderDeleted)).toBeVisible();
  await expect(page.getByText(TEXTS.noFolders)).toBeVisible();
  expect(await db().folder.count({ where: { id: folder.id } })).toBe(0);
});
