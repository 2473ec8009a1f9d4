// A film's captions (issue 22 item 1), in Chromium: the studio adds captions in the player modal's
// CAPTIONS tab (an SRT and a WebVTT file; a bad file is refused with its reason), previews them on
// the film, and a viewer of the gallery sees the default track over the film (hls.js) and switches
// to the other language from the player's captions menu; the transcript follows the chosen track,
// marks the spoken line and seeks (mouse and keyboard). axe-core checks the captioned theater.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { addLadder, db, seedGallery, seedReadyVideo, signInNewStudio } from "./support";
import { TEXTS } from "../../lib/texts";

const SRT = "1\n00:00:00,000 --> 00:00:20,000\nWelcome to the ceremony\n\n2\n00:00:20,000 --> 00:00:30,000\nThe vows\n";
const VTT_FR = "WEBVTT\n\n00:00:00.000 --> 00:00:20.000\nBienvenue à la cérémonie\n\n00:00:20.000 --> 00:00:30.000\nLes vœux\n";

/** The subtitles tracks the film element carries ("subtitles:<language>"). */
const tracks = (page: Page, scope: string) =>
  page.locator(`${scope} video`).evaluate((v: HTMLVideoElement) => Array.from(v.textTracks, (t) => `${t.kind}:${t.language}`).filter((t) => t.startsWith("subtitles")));

async function uploadCaptions(page: Page, file: { name: string; text: string }, language: string, opts: { isDefault?: boolean } = {}) {
  const panel = page.getByTestId("captions-panel");
  await panel.getByLabel("Language").selectOption(language);
  await panel.getByTestId("caption-file").setInputFiles({ name: file.name, mimeType: "text/plain", buffer: Buffer.from(file.text, "utf8") });
  if (opts.isDefault) await panel.getByLabel("Show by default").check();
  await panel.getByRole("button", { name: "Upload captions" }).click();
}

test("the studio adds, previews and fixes captions; a viewer sees them and switches language", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  const video = await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await addLadder(video);

  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("button", { name: "Open Ceremony" }).click();
  const modal = page.getByTestId("video-player-modal");
  await modal.getByRole("tab", { name: "CAPTIONS" }).click();
  const panel = page.getByTestId("captions-panel");
  await expect(panel.getByText(TEXTS.captions.none)).toBeVisible();

  // A file with a caption that ends before it starts: refused, with where and why.
  await uploadCaptions(page, { name: "broken.srt", text: "1\n00:00:05,000 --> 00:00:01,000\nOops\n" }, "en");
  await expect(panel.getByRole("alert")).toHaveText(TEXTS.captions.endBeforeStart(1, 2));
  await expect(panel.getByTestId("caption-row")).toHaveCount(0);

  await uploadCaptions(page, { name: "ceremony.srt", text: SRT }, "en", { isDefault: true });
  await expect(panel.getByTestId("caption-row")).toHaveCount(1);
  await uploadCaptions(page, { name: "ceremonie.vtt", text: VTT_FR }, "fr");
  await expect(panel.getByTestId("caption-row")).toHaveCount(2);
  await expect(panel.getByLabel("Label of the French captions")).toHaveValue("Français");
  await expect(panel.getByLabel("Label of the English captions")).toHaveValue("English");

  // The studio's preview: the default track is on the film.
  await modal.getByTestId("play-overlay").click();
  await expect(modal.locator(".vds-captions").getByText("Welcome to the ceremony")).toBeVisible({ timeout: 15_000 });
  await modal.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
  await page.screenshot({ path: test.info().outputPath("captions-studio.png") });

  // A viewer (no studio session): the default track shows over the film, the menu switches to French.
  const context = await browser.newContext();
  const viewer = await context.newPage();
  await viewer.goto(`/g/${gallery.customUrl}`);
  await viewer.getByRole("button", { name: "Play Ceremony" }).click();
  const theater = viewer.getByTestId("theater");
  const overlay = theater.getByTestId("play-overlay");
  if (await overlay.isVisible()) await overlay.click();
  const captions = theater.locator(".vds-captions");
  await expect(captions.getByText("Welcome to the ceremony")).toBeVisible({ timeout: 15_000 });
  expect(await tracks(viewer, "[data-testid=theater]")).toEqual(expect.arrayContaining(["subtitles:en", "subtitles:fr"]));

  // The transcript: the chosen track's lines, the spoken one marked; a click plays from there.
  const transcript = theater.getByTestId("transcript");
  await expect(transcript.getByRole("heading")).toHaveText("Transcript · English");
  await expect(transcript.getByRole("button")).toHaveText(["00:00:00Welcome to the ceremony", "00:00:20The vows"]);
  await transcript.getByRole("button", { name: /The vows/ }).click();
  await expect.poll(() => theater.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThanOrEqual(20);
  await expect(transcript.getByRole("button", { name: /The vows/ })).toHaveAttribute("aria-current", "true");
  await expect(captions.getByText("The vows")).toBeVisible();

  // The player's captions menu: French, over the film and in the transcript; a line reached by keyboard plays from its time.
  await theater.getByRole("button", { name: "Settings" }).click();
  await viewer.getByRole("menuitem", { name: /Captions/ }).click();
  await viewer.getByRole("menuitemradio", { name: "Français" }).click();
  // Closes the menu (Escape would close the theater once the menu has closed itself).
  await theater.getByTestId("theater-title").click();
  await expect(transcript.getByRole("heading")).toHaveText("Transcript · Français");
  const first = transcript.getByRole("button", { name: /Bienvenue/ });
  await first.focus();
  await viewer.keyboard.press("Enter");
  await expect.poll(() => theater.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(20);
  await theater.locator("video").evaluate((v: HTMLVideoElement) => v.pause());
  await expect(captions.getByText("Bienvenue à la cérémonie")).toBeVisible({ timeout: 15_000 });
  await expect(captions.getByText("Welcome to the ceremony")).toHaveCount(0);
  await viewer.screenshot({ path: test.info().outputPath("captions-viewer.png") });
  // On a phone the transcript sits under the player and fits the screen.
  await viewer.setViewportSize({ width: 390, height: 844 });
  await expect(transcript).toBeVisible();
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await viewer.screenshot({ path: test.info().outputPath("captions-viewer-phone.png"), fullPage: true });

  const { violations } = await new AxeBuilder({ page: viewer }).include("[data-testid=theater]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Issue 39: the guest's choice (French) carries to the film's next opening in this gallery…
  await viewer.setViewportSize({ width: 1280, height: 720 });
  await viewer.keyboard.press("Escape");
  await expect(theater).toBeHidden();
  await viewer.getByRole("button", { name: "Play Ceremony" }).click();
  if (await overlay.isVisible()) await overlay.click();
  await expect(captions.getByText("Bienvenue à la cérémonie")).toBeVisible({ timeout: 15_000 });
  // …and a French browser gets the French track first, without choosing; the studio's default is English.
  const frContext = await browser.newContext({ locale: "fr-FR" });
  const fr = await frContext.newPage();
  await fr.goto(`/g/${gallery.customUrl}`);
  await fr.getByRole("button", { name: "Lire Ceremony" }).click();
  const frTheater = fr.getByTestId("theater");
  if (await frTheater.getByTestId("play-overlay").isVisible()) await frTheater.getByTestId("play-overlay").click();
  await expect(frTheater.locator(".vds-captions").getByText("Bienvenue à la cérémonie")).toBeVisible({ timeout: 15_000 });
  await frContext.close();

  // Deleted in the studio: gone from the viewer's page on its next load.
  await panel.getByRole("button", { name: "Delete the Français captions" }).click();
  await page
    .getByRole("button", { name: /Delete|Yes|Confirm/ })
    .last()
    .click();
  await expect(panel.getByTestId("caption-row")).toHaveCount(1);
  expect(await db().caption.count({ where: { videoId: video.id } })).toBe(1);
  await context.close();
});
