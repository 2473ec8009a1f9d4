// The gallery fonts draw as intended where the device lacks them (issue 39 item 5): this machine's
// Chromium has no Garamond (it drew a generic serif), so a gallery whose heading is Garamond draws it
// in the bundled EB Garamond, loaded from the app (on the gallery host and on a studio's own
// domain); a gallery on the default font loads no font file at all; the editor's dropdown shows each
// font in its face. A gallery in a curated pair (issue 57 item 3) draws its headings in the pair's
// display face, loaded from the app with only its two faces; one on an office font loads no curated
// face; the editor's pair picker sets both fonts and the preview follows.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, db, seedGallery, signInNewStudio } from "./support";

const GARAMOND_FACE = "vf-eb-garamond";

/** The font files the page requests, by address. */
function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "font") urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

/** Whether the bundled face is loaded and would draw the title (CSS Font Loading API, after every face settled). */
const faceLoaded = (page: Page, face: string) =>
  page.evaluate(async (f) => {
    await document.fonts.ready;
    return [...document.fonts].some((ff) => ff.family.replace(/['"]/g, "") === f && ff.status === "loaded") && document.fonts.check(`600 40px '${f}'`);
  }, face);

for (const where of ["gallery host", "custom domain"] as const) {
  test(`a gallery with a Garamond heading draws it in the bundled face (${where})`, async ({ page, baseURL }) => {
    const studio = await createAccount();
    const domain = where === "custom domain" ? `films-${Math.random().toString(36).slice(2, 8)}.localhost` : null;
    if (domain) await db().admin.update({ where: { id: studio.id }, data: { domainUrl: domain } });
    const { gallery } = await seedGallery(studio.id);
    await db().gallery.update({ where: { id: gallery.id }, data: { fheading: "Garamond" } });
    const fonts = fontRequests(page);
    const url = domain ? `http://${domain}:${new URL(baseURL!).port}/${gallery.customUrl}` : `/g/${gallery.customUrl}`;
    const res = await page.goto(url);
    expect(res?.status()).toBe(200);
    const title = page.getByTestId("gallery-title");
    await expect(title).toHaveText(gallery.title);
    await expect(title).toHaveCSS("font-family", `Garamond, ${GARAMOND_FACE}, Baskerville, serif`);
    expect(await faceLoaded(page, GARAMOND_FACE)).toBe(true);
    // Only the heading's face (bold Latin), preloaded; the text stays in the default sans.
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(1);
    expect(fonts.filter((f) => f.startsWith("/fonts/"))).toEqual([expect.stringMatching(/^\/fonts\/[\d.]+\/eb-garamond-latin-700-normal\.woff2$/)]);
    // The file as the app serves it (this process cannot resolve the test domain; the browser loaded it there).
    const file = await page.request.get(new URL(fonts[0], baseURL).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
}

test("a gallery on the default font loads no font file", async ({ page }) => {
  const { gallery } = await seedGallery((await createAccount()).id);
  const fonts = fontRequests(page);
  await page.goto(`/g/${gallery.customUrl}`);
  await expect(page.getByTestId("gallery-title")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("style[data-gallery-fonts]")).toHaveCount(0);
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  expect(fonts).toEqual([]);
});

test("the editor's font dropdown and its live preview draw each font in its face", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id);
  await page.goto(`/studio/galleries/${gallery.id}/styles`);
  const frame = page.frameLocator('iframe[title="Gallery preview"]');
  await expect(frame.getByTestId("gallery-title")).toBeVisible();
  await page.getByTestId("font-heading").click();
  const garamond = page.getByRole("menuitemradio", { name: "Garamond", exact: true });
  await expect(garamond).toHaveCSS("font-family", `Garamond, ${GARAMOND_FACE}, Baskerville, serif`);
  await expect
    .poll(() => page.evaluate((f) => document.fonts.check(`400 16px '${f}'`) && [...document.fonts].some((ff) => ff.family.replace(/['"]/g, "") === f && ff.status === "loaded"), GARAMOND_FACE))
    .toBe(true);
  await garamond.click();
  await expect(frame.getByTestId("gallery-title")).toHaveCSS("font-family", new RegExp(`^Garamond, ${GARAMOND_FACE}`));
  await expect.poll(() => frame.locator("body").evaluate((_, f) => [...document.fonts].some((ff) => ff.family.replace(/['"]/g, "") === f && ff.status === "loaded"), GARAMOND_FACE)).toBe(true);
});

const PLAYFAIR_FACE = "vf-playfair-display";

test("a gallery in a curated pair draws its headings in the display face, loading only the pair's two faces; one on an office font loads none of them", async ({ page }) => {
  const studio = await createAccount();
  const { gallery } = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: gallery.id }, data: { fheading: "Playfair Display", fbody: "Lato" } });
  const fonts = fontRequests(page);
  expect((await page.goto(`/g/${gallery.customUrl}`))?.status()).toBe(200);
  const title = page.getByTestId("gallery-title");
  await expect(title).toHaveText(gallery.title);
  await expect(title).toHaveCSS("font-family", new RegExp(`^"?${PLAYFAIR_FACE}"?, Georgia, "Times New Roman", serif$`));
  await expect(page.getByTestId("gallery-page")).toHaveCSS("font-family", /^"?vf-lato"?, /);
  expect(await faceLoaded(page, PLAYFAIR_FACE)).toBe(true);
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  expect(fonts.length).toBeGreaterThan(0);
  for (const f of fonts) expect(f).toMatch(/^\/fonts\/[\d.]+\/(playfair-display|lato)-latin-(400|700)-normal\.woff2$/);

  // An office font: its own bundled face only where the device lacks it (issue 39), never a curated face.
  const office = await seedGallery(studio.id);
  await db().gallery.update({ where: { id: office.gallery.id }, data: { fheading: "Georgia", fbody: "Arial" } });
  const officeFonts = fontRequests(page);
  await page.goto(`/g/${office.gallery.customUrl}`);
  await expect(page.getByTestId("gallery-title")).toHaveCSS("font-family", /^Georgia, /);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("style[data-gallery-fonts]")).not.toContainText("vf-playfair-display");
  await expect(page.locator("style[data-gallery-fonts]")).not.toContainText("vf-lato");
  for (const f of officeFonts) expect(f).toMatch(/^\/fonts\/[\d.]+\/(gelasio|arimo)-/);
});

test("the editor's pair picker shows each pair in its faces and sets both fonts at once; the preview follows", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id);
  await page.goto(`/studio/galleries/${gallery.id}/styles`);
  const frame = page.frameLocator('iframe[title="Gallery preview"]');
  await expect(frame.getByTestId("gallery-title")).toBeVisible();
  const romance = page.getByTestId("font-pair-romance");
  await expect(romance.locator("span").first()).toHaveCSS("font-family", new RegExp(`^"?${PLAYFAIR_FACE}"?, `));
  await expect
    .poll(() => page.evaluate((f) => document.fonts.check(`600 20px '${f}'`) && [...document.fonts].some((ff) => ff.family.replace(/['"]/g, "") === f && ff.status === "loaded"), PLAYFAIR_FACE))
    .toBe(true);
  await romance.click();
  await expect(romance).toHaveAttribute("aria-pressed", "true");
  await expect(frame.getByTestId("gallery-title")).toHaveCSS("font-family", new RegExp(`^"?${PLAYFAIR_FACE}"?, `));
  await expect.poll(async () => db().gallery.findUniqueOrThrow({ where: { id: gallery.id }, select: { fheading: true, fbody: true } })).toEqual({ fheading: "Playfair Display", fbody: "Lato" });
  await expect(page.getByTestId("font-heading")).toHaveText("Playfair Display");
  await expect(page.getByTestId("font-body")).toHaveText("Lato");
});
