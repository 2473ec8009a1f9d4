// Every dialog traps focus, closes with Escape and hands focus back to what opened it; the menus
// work from the keyboard. Each dialog is opened from the keyboard (focus + Enter).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, seedGallery, seedReadyVideo, signInNewStudio } from "./support";

/** Opens a dialog by pressing Enter on `trigger`, tabs around inside it, closes it with Escape. */
async function checkDialog(page: Page, trigger: Locator, dialogName: string | RegExp) {
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  const focusInside = () => dialog.evaluate((d) => d.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside()).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInside()).toBe(true);
  }
  // Escape closes (a focused player takes Escape for itself first only in fullscreen).
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test("studio dialogs: New Folder, New Gallery, the Video Player, Add Media, a delete confirmation", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id, { folderName: "Keyboard folder" });
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await page.goto("/studio/galleries");
  await checkDialog(page, page.getByRole("button", { name: TEXTS.newFolder }).first(), TEXTS.newFolder);
  await page.getByRole("button", { name: "Keyboard folder", exact: true }).click();
  await checkDialog(page, page.getByRole("button", { name: TEXTS.newGallery }), TEXTS.chooseLayout);

  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await checkDialog(page, page.getByRole("button", { name: /Open Ceremony/ }), "Ceremony");

  // The video's menu by keyboard: Enter opens it, arrows move, Enter picks Delete, Escape cancels the confirmation.
  const menuButton = page.getByRole("button", { name: "Video actions for Ceremony" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(TEXTS.confirmDelete.video);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: /Open Ceremony/ })).toBeVisible();

  await page.goto(`/studio/galleries/${gallery.id}/linkmediamain`);
  await checkDialog(page, page.getByRole("button", { name: "+ Add Media" }), /Select Media/);
});

test("the public theater opens from the keyboard on the player: Space pauses and plays, Escape closes; focus stays inside", async ({ page }) => {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await page.goto(`/g/${gallery.customUrl}`);
  const film = page.getByRole("button", { name: /Play Ceremony/ });

  // Issue 39: Enter on a film puts focus on its player, not on Close, so the first Space is the player's.
  await film.focus();
  await page.keyboard.press("Enter");
  const theater = page.getByTestId("theater");
  await expect(theater).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("video-player");
  const video = theater.locator("video");
  // Paused as the guest sees it: the element and the player's controls agree. The element pauses at
  // once, the player learns it from the pause event a moment later (130 ms seen under load); a Space
  // pressed in between is a second pause (Vidstack toggles from its own state), as for a guest who
  // pressed twice before the button changed.
  const paused = () =>
    theater.getByTestId("video-player").evaluate((player) => {
      const element = player.querySelector("video")!.paused;
      return element === player.hasAttribute("data-paused") ? element : "changing";
    });
  const overlay = theater.getByTestId("play-overlay");
  // Opening a film starts it (a browser that refuses shows the start button, which Space presses).
  if (await overlay.isVisible()) await page.keyboard.press("Space");
  await expect.poll(paused, { timeout: 15_000 }).toBe(false);
  await page.keyboard.press("Space");
  await expect.poll(paused).toBe(true);
  await expect(theater).toBeVisible();
  await page.keyboard.press("Space");
  await expect.poll(paused).toBe(false);
  await page.keyboard.press("Escape");
  await expect(theater).toBeHidden();
  await expect(film).toBeFocused();

  // And as every dialog: focus trapped while it is open, handed back after.
  await checkDialog(page, film, "Ceremony");

  // Issue 39: the guest's sound, set by the player's keys (a step down, then mute), carries to the
  // film's next opening in this gallery. One key at a time, each awaited: a second key pressed
  // before the first is applied may be read before it lands.
  /** How far the film has played (a refused start shows the overlay: clicked, as a guest would). */
  const playing = async () => {
    if (await overlay.isVisible()) await overlay.click().catch(() => {});
    return video.evaluate((v: HTMLVideoElement) => v.currentTime);
  };
  await film.focus();
  await page.keyboard.press("Enter");
  await expect(theater).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("video-player");
  // The volume keys act once the film can play (before, Vidstack's volume slider ignores them).
  await expect.poll(playing, { timeout: 15_000 }).toBeGreaterThan(0.2);
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.volume)).toBeLessThan(1);
  const volume = await video.evaluate((v: HTMLVideoElement) => v.volume);
  await page.keyboard.press("m");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(theater).toBeHidden();
  await film.focus();
  await page.keyboard.press("Enter");
  await expect(theater).toBeVisible();
  // The sound is the film's from its start: checked once it plays.
  await expect.poll(playing, { timeout: 15_000 }).toBeGreaterThan(0.2);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, Math.round(v.volume * 100)])).toEqual([true, Math.round(volume * 100)]);
});
