// A gallery's look (issue 39 item 5): in the editor's styles section the studio sets a text and an
// accent colour (hex) and the cover's focal point; the preview follows at once, a text colour too
// dark for the page's background is warned about, and once saved the public page wears them.
import { expect, test } from "@playwright/test";
import { TEXTS } from "@/lib/texts";
import { db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

test("text and accent colours and the cover's focal point: previewed, warned, saved, on the public page", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  // A film, so the public page offers Play All (an empty gallery offers its guests none).
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await page.goto(`/studio/galleries/${gallery.id}/styles`);
  const frame = page.frameLocator('iframe[title="Gallery preview"]');
  await expect(frame.getByTestId("gallery-title")).toHaveCSS("color", "rgb(255, 255, 255)");

  // Too dark on the dark page: warned, shown in the preview all the same.
  await page.getByLabel(TEXTS.lookText, { exact: true }).fill("#333333");
  await expect(page.getByTestId("look-contrast-warning")).toHaveText(TEXTS.lookLowContrast);
  await expect(frame.getByTestId("gallery-title")).toHaveCSS("color", "rgb(51, 51, 51)");
  // A light one passes; an invalid one is refused in place and cannot be saved.
  await page.getByLabel(TEXTS.lookText, { exact: true }).fill("#F5E6C8");
  await expect(page.getByTestId("look-contrast-warning")).toHaveCount(0);
  await page.getByLabel(TEXTS.lookAccent, { exact: true }).fill("red");
  await expect(page.getByText(TEXTS.lookHexInvalid)).toBeVisible();
  await expect(page.getByRole("button", { name: TEXTS.lookSave })).toBeDisabled();
  await page.getByLabel(TEXTS.lookAccent, { exact: true }).fill("#c2410c");
  await expect(frame.getByRole("button", { name: "Play All" })).toHaveCSS("background-color", "rgb(194, 65, 12)");
  await page.getByLabel(TEXTS.lookFocusX).fill("20");
  await page.getByLabel(TEXTS.lookFocusY).fill("80");

  await page.getByRole("button", { name: TEXTS.lookSave }).click();
  await expect(page.getByText(TEXTS.lookSaved)).toBeVisible();
  await expect.poll(async () => db().gallery.findUniqueOrThrow({ where: { id: gallery.id } })).toMatchObject({ accentColor: "#c2410c", textColor: "#f5e6c8", focusX: 20, focusY: 80 });

  await db().gallery.update({ where: { id: gallery.id }, data: { bgImageUrl: `${studio.id}/bg.jpg` } });
  await page.goto(`/g/${gallery.customUrl}`);
  await expect(page.getByTestId("gallery-title")).toHaveCSS("color", "rgb(245, 230, 200)");
  await expect(page.getByRole("button", { name: "Play All" })).toHaveCSS("background-color", "rgb(194, 65, 12)");
  await expect(page.getByTestId("gallery-background")).toHaveCSS("object-position", "20% 80%");
  for (const [name, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/look-public-${name}.png` });
  }
  await page.goto(`/studio/galleries/${gallery.id}/styles`);
  await expect(page.getByTestId("look-focus-image")).toBeVisible();
  for (const [name, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/look-editor-${name}.png`, fullPage: true });
  }
});
