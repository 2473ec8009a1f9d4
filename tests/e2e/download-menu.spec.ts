// The gallery's Download menu reaches every film on every screen (issue 19, item 6): it was cut off
// by the hero (a desktop reached 1 film of 4, a phone 2, and it ran off the phone's right edge). Now
// a positioned menu over the page: every film can be scrolled to and clicked, the menu stays inside
// the screen, and the keyboard walks it.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, seedGallery, seedReadyVideo } from "./support";
import { en } from "../../lib/viewer-i18n/en";

const FILMS = ["Getting ready", "First look", "Ceremony", "Vows", "Cocktail hour", "Speeches", "First dance", "Send-off"];
const SCREENS = [
  { name: "desktop", viewport: { width: 1440, height: 900 } },
  { name: "laptop", viewport: { width: 1366, height: 640 } },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "phone on its side", viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true },
];

let galleryUrl = "";
test.beforeAll(async () => {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  for (const title of FILMS) await seedReadyVideo(studio.id, folder.id, gallery.id, title);
  galleryUrl = `/g/${gallery.customUrl}`;
});

/** Whether the point at the element's centre belongs to it (nothing covers it), and its box is on screen. */
async function reachable(page: Page, name: string) {
  const link = page.getByTestId("download-menu").getByRole("menuitem", { name, exact: true });
  await link.scrollIntoViewIfNeeded();
  return link.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { onTop: hit === el || el.contains(hit), inside: r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight };
  });
}

for (const screen of SCREENS) {
  test(`the Download menu reaches every film on a ${screen.name}`, async ({ browser }) => {
    const context = await browser.newContext(screen);
    const page = await context.newPage();
    await page.goto(galleryUrl);
    const button = page.getByRole("button", { name: "Download" });
    await button.scrollIntoViewIfNeeded();
    if (screen.isMobile) await button.tap();
    else await button.click();
    const menu = page.getByTestId("download-menu");
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    const { w, h } = await page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(w);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(h);
    await page.screenshot({ path: `test-results/download-menu-${screen.name.replace(/ /g, "-")}.png` });
    for (const title of FILMS) expect(await reachable(page, title), title).toEqual({ onTop: true, inside: true });
    // The last film downloads from the menu.
    const [download] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: FILMS.at(-1) }).click()]);
    expect(download.suggestedFilename()).toBe(`${FILMS.at(-1)}.mp4`);
    await context.close();
  });
}

test("the Download menu works from the keyboard: Enter opens it, arrows move, Escape closes it and gives focus back", async ({ page }) => {
  await page.goto(galleryUrl);
  const button = page.getByRole("button", { name: "Download" });
  await button.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByTestId("download-menu");
  await expect(menu).toBeVisible();
  // Download all first (issue 23), then every film.
  const items = menu.getByRole("menuitem");
  await expect(items).toHaveCount(FILMS.length + 1);
  await expect(items.first()).toHaveText(new RegExp(`^${en.downloadAll.action}`));
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Download" })).toBeFocused();
});
