// What a phone downloads first on the pages bench/lighthouse measures (issue 19 item 11, issue 39
// item 7): the marketing and sign-in pages load no script at all (the Pages Router's,
// `unstable_runtimeJS: false`), and no page ships the legacy
// polyfills that Lighthouse's legacy-JavaScript audit finds (Next's polyfills for browsers older
// than its own supported ones).
import { expect, test, type Page } from "@playwright/test";
import { createAccount, db, seedGallery } from "./support";
import { MARKETING_PATHS } from "../../components/marketing/nav-links";
import { SIGN_IN_PATHS } from "../../lib/routes";

/** The text of every script the page loaded, by address. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, string>> {
  const urls: string[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script" && r.ok()) urls.push(r.url());
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const scripts = new Map<string, string>();
  for (const url of urls) scripts.set(url, await (await page.request.get(url)).text());
  return scripts;
}

// Next's polyfill-module, as Lighthouse's legacy-javascript patterns find it.
const LEGACY = [/Array\.prototype\.at\s*\|\|/, /Object\.hasOwn\s*\|\|/, /"trimStart"\s*in\s*String\.prototype/, /Array\.prototype\.flat\s*\|\|/];

test("the marketing pages load no script, inline or fetched, and the phone's menu still opens", async ({ page }) => {
  for (const path of MARKETING_PATHS) {
    const scripts = await scriptsOf(page, path);
    expect({ path, fetched: [...scripts.keys()], inline: await page.locator("script").count() }).toEqual({ path, fetched: [], inline: 0 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // The menu is an HTML popover: its button opens it with no script, Escape closes it.
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.locator("#mobile-nav");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu.getByRole("link", { name: "Pricing" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test("the sign-in pages load no script either: their forms post as HTML forms", async ({ page }) => {
  for (const path of SIGN_IN_PATHS) {
    const scripts = await scriptsOf(page, path);
    expect({ path, fetched: [...scripts.keys()], inline: await page.locator("script").count() }).toEqual({ path, fetched: [], inline: 0 });
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await expect(page.locator("[data-sonner-toaster]")).toHaveCount(0);
  }
});

test("the public gallery's first load has no legacy polyfills", async ({ page }) => {
  const { gallery } = await seedGallery((await createAccount()).id);
  const scripts = await scriptsOf(page, `/g/${gallery.customUrl}`);
  expect(scripts.size).toBeGreaterThan(0);
  for (const [url, text] of scripts) for (const re of LEGACY) expect({ url, legacy: String(re), found: re.test(text) }).toEqual({ url, legacy: String(re), found: false });
});

// The gallery does not preload Inter (app/gallery-font.ts): its text is drawn in the fonts its styles
// choose (lib/services/galleries/rules/fonts.ts: the device's own, else the bundled face) or, by default, the system's
// sans-serif, so the preload fetched 49 KB nothing drew. The App Router's pages still preload it
// (their largest paint is text in Inter). A gallery in Georgia loads Georgia's bundled face only.
test("a gallery downloads no Inter (chosen fonts or the default); the home page preloads it", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "font") fonts.push(r.url());
  });
  const adminId = (await createAccount()).id;
  const { gallery: chosen } = await seedGallery(adminId);
  await db().gallery.update({ where: { id: chosen.id }, data: { fheading: "Georgia", fbody: "Georgia" } });
  const { gallery: plain } = await seedGallery(adminId);
  for (const g of [chosen, plain]) {
    await page.goto(`/g/${g.customUrl}`);
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("gallery-title")).toBeVisible();
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(g === chosen ? 2 : 0);
  }
  expect(await page.getByTestId("gallery-title").evaluate((h) => getComputedStyle(h).fontFamily)).not.toMatch(/inter/i);
  expect(fonts.filter((u) => /inter/i.test(u))).toEqual([]);
  expect(fonts.every((u) => /\/fonts\/[\d.]+\/gelasio-/.test(u))).toBe(true);

  const before = fonts.length;
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(1);
  expect(fonts.slice(before).filter((u) => /inter/i.test(u))).toHaveLength(1);
});
