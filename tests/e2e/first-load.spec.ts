// What a phone downloads first on the pages bench/lighthouse measures (issue 19 item 11): the home
// and sign-in pages carry none of the studio's client providers (the query cache, notifications,
// confirmations: about 40 KB gzipped they never use).
import { expect, test, type Page } from "@playwright/test";

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

// A marker of each library, as it survives minification (error messages and attribute names).
const STUDIO_ONLY = { "react-query": "No mutationFn found", sonner: "data-sonner-toaster" };

for (const [name, path] of [
  ["home", "/"],
  ["sign-in", "/login"],
] as const) {
  test(`the ${name} page's first load has no studio providers`, async ({ page }) => {
    const scripts = await scriptsOf(page, path);
    expect(scripts.size).toBeGreaterThan(0);
    for (const [url, text] of scripts) {
      for (const [lib, marker] of Object.entries(STUDIO_ONLY)) expect({ url, lib, found: text.includes(marker) }).toEqual({ url, lib, found: false });
    }
    await expect(page.locator("[data-sonner-toaster]")).toHaveCount(0);
  });
}
