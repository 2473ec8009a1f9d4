// The Video Player modal (spec §2, §4): play, chapters added at play times, renamed, saved,
// sought to and deleted, the title changed; a screenshot of the modal is kept for a look.
import { expect, test, type Page } from "@playwright/test";
import { db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

const videoTime = (page: Page) => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime);

async function seekVideo(page: Page, seconds: number) {
  await page.locator("video").evaluate((v: HTMLVideoElement, s) => {
    v.pause();
    v.currentTime = s;
  }, seconds);
  // The ADVANCE tab says where a new chapter would start: the current play time.
  await expect(page.getByText(`current play time (00:00:${String(seconds).padStart(2, "0")})`)).toBeVisible();
}

test("a video plays in the modal; chapters are added, renamed, saved, sought and deleted; the title changes", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  const video = await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await db().video.update({ where: { id: video.id }, data: { views: 7 } });

  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("button", { name: "Open Ceremony" }).click();
  const modal = page.getByTestId("video-player-modal");
  await expect(modal.getByRole("heading", { name: "Ceremony" })).toBeVisible();
  await expect(modal.getByTestId("player-views")).toHaveText("7 views");
  await expect(modal.getByText(/\w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/)).toBeVisible();

  // Until play is pressed: the overlay image with its centred play button.
  const overlay = modal.getByTestId("play-overlay");
  await expect(overlay.locator("img")).toHaveAttribute("src", /thumb-500\.jpg/);
  await overlay.click();
  await expect(overlay).toBeHidden();
  await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(1);

  // ADVANCE: two chapters at two play times (a double click still makes one).
  await modal.getByRole("tab", { name: "ADVANCE" }).click();
  await seekVideo(page, 3);
  await modal.getByRole("button", { name: "Add chapter" }).dblclick();
  await expect(modal.getByTestId("chapter-row")).toHaveCount(1);
  await seekVideo(page, 17);
  await modal.getByRole("button", { name: "Add chapter" }).click();
  const rows = modal.getByTestId("chapter-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId("chapter-seek")).toHaveText("00:00:03");
  await expect(rows.nth(0).getByRole("textbox")).toHaveValue("Chapter 1");
  await expect(rows.nth(1).getByTestId("chapter-seek")).toHaveText("00:00:17");
  await expect(rows.nth(1).getByRole("textbox")).toHaveValue("Chapter 2");
  await page.waitForTimeout(300);
  expect(await db().chapter.count({ where: { videoId: video.id } })).toBe(2);

  // Rename one, move the other by its inputs (padded to two digits), save all.
  await rows.nth(1).getByRole("textbox").fill("Vows");
  const seconds = rows.nth(0).getByLabel("Chapter 1 seconds");
  await seconds.fill("5");
  await seconds.blur();
  await expect(seconds).toHaveValue("05");
  await modal.getByRole("button", { name: "Save all chapters" }).click();
  await expect(page.getByText("All chapters updated successfully!")).toBeVisible();
  await expect
    .poll(async () => (await db().chapter.findMany({ where: { videoId: video.id }, orderBy: { cueSeconds: "asc" } })).map((c) => `${c.cueSeconds} ${c.title}`))
    .toEqual(["5 Chapter 1", "17 Vows"]);

  // A required title: an empty one is not saved.
  await rows.nth(0).getByRole("textbox").fill(" ");
  await modal.getByRole("button", { name: "Save all chapters" }).click();
  await expect(modal.getByText("Chapter title is required.")).toBeVisible();
  await rows.nth(0).getByRole("textbox").fill("Arrival");

  // Clicking a chapter seeks there.
  await rows.nth(1).getByTestId("chapter-seek").click();
  await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(17);
  await expect(modal.getByTestId("chapter-list")).toBeVisible();
  await page.screenshot({ path: "test-results/player-modal-chapters.png" });

  // Delete one, after the confirmation.
  await rows.nth(1).getByRole("button", { name: "Delete chapter Vows" }).click();
  await expect(page.getByText("Are you sure you want to delete this chapter?")).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(rows).toHaveCount(1);
  expect(await db().chapter.count({ where: { videoId: video.id } })).toBe(1);

  // GENERAL: change the title; the modal and the library card follow.
  await modal.getByRole("tab", { name: "GENERAL" }).click();
  await expect(modal.getByText("640 × 360")).toBeVisible();
  await modal.getByLabel("Title").fill("Ceremony and vows");
  await modal.getByRole("button", { name: "Save title" }).click();
  await expect(modal.getByRole("heading", { name: "Ceremony and vows" })).toBeVisible();
  await expect.poll(async () => (await db().video.findUniqueOrThrow({ where: { id: video.id } })).title).toBe("Ceremony and vows");
  await page.screenshot({ path: "test-results/player-modal-general.png" });

  // The original downloads under its title.
  const [download] = await Promise.all([page.waitForEvent("download"), modal.getByRole("link", { name: "Download original" }).click()]);
  expect(download.suggestedFilename()).toBe("Ceremony and vows.mp4");

  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(page.getByRole("button", { name: "Open Ceremony and vows" })).toBeVisible();
});

test("the modal fits a phone: the video on top, the panel below", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Reception");
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("button", { name: "Open Reception" }).click();
  const player = page.getByTestId("video-player");
  await expect(player).toBeVisible();
  const box = (await player.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  await page.screenshot({ path: "test-results/player-modal-phone.png" });
});
