// Automatic transcripts (issue 61), in Chromium: with no provider configured (the e2e server sets
// none) the studio's screens say the feature is not available; an automatic track is marked in the
// captions panel until the studio edits it in the cue editor (from the keyboard). Screenshots at phone and desktop width.
import { expect, test } from "@playwright/test";
import { db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";
import { TEXTS } from "../../lib/texts";

const SRT = "1\n00:00:00,000 --> 00:00:02,000\nWelcome\n";

test("the switch says not available without a provider; an automatic track is marked until edited", async ({ page }) => {
  test.setTimeout(90_000);
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");

  await page.goto("/studio/account/accountsetting");
  await expect(page.getByTestId("transcript-settings")).toContainText(TEXTS.transcripts.notAvailable);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId("transcript-settings").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`transcripts-account-${width}.png`) });
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("button", { name: "Open Ceremony" }).click();
  const modal = page.getByTestId("video-player-modal");
  await modal.getByRole("tab", { name: "CAPTIONS" }).click();
  const panel = page.getByTestId("captions-panel");
  await expect(panel.getByTestId("transcript-status")).toHaveText(TEXTS.transcripts.notAvailable);

  // A track the transcript job wrote (made here from an upload, then marked as the job marks it).
  await panel.getByTestId("caption-file").setInputFiles({ name: "a.srt", mimeType: "text/plain", buffer: Buffer.from(SRT, "utf8") });
  await panel.getByRole("button", { name: "Upload captions" }).click();
  await expect(panel.getByTestId("caption-row")).toHaveCount(1);
  await db().caption.updateMany({ where: { adminId: studio.id }, data: { source: "automatic", fromVersion: 1 } });
  await page.reload();
  await page.getByRole("button", { name: "Open Ceremony" }).click();
  await modal.getByRole("tab", { name: "CAPTIONS" }).click();
  const badge = panel.getByTestId("caption-automatic");
  await expect(badge).toContainText(TEXTS.captions.automatic);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`transcripts-panel-${width}.png`) });
  }
  // The cue editor, from the keyboard: the cue's text changed and saved; the track is confirmed by it.
  await panel.getByRole("button", { name: TEXTS.captions.edit("English") }).click();
  const editor = panel.getByTestId("cue-editor");
  const text = editor.getByLabel(TEXTS.captions.cueText(1));
  await expect(text).toHaveValue("Welcome");
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: test.info().outputPath("transcripts-editor-390.png") });
  await text.fill("Welcome, everyone");
  await editor.getByRole("button", { name: TEXTS.captions.saveCues }).focus();
  await page.keyboard.press("Enter");
  await expect(editor).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  const row = await db().caption.findFirstOrThrow({ where: { adminId: studio.id } });
  expect(row.confirmedAt).not.toBeNull();
  expect(row.cueCount).toBe(1);
});
