import { expect, test } from "@playwright/test";
import { expectPath } from "./support";
import { ABOUT_PAGE, COMPANY_PAGE } from "@/lib/texts/marketing";

test("the home page has the navigation bar of the spec", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "Company", "About Us", "Pricing", "Contact", "Login", "Get started"]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Deliver your films");
  await nav.getByRole("link", { name: "Get started" }).click();
  await expectPath(page, "/signup");
});

for (const [link, path, heading] of [
  ["Company", "/company", "Company"],
  ["About Us", "/about", "About Us"],
  ["Pricing", "/pricing", "Pricing"],
  ["Contact", "/contact", "Contact"],
  ["Login", "/login", "Welcome back"],
] as const) {
  test(`the nav link ${link} opens ${path}`, async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link, exact: true }).click();
    await expectPath(page, path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  });
}

test("contact shows the postal address, email, phone and a map", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByText("548 Market Street, Suite 310")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "hello@vidfolio.app" })).toHaveAttribute("href", "mailto:hello@vidfolio.app");
  await expect(page.getByRole("main").getByRole("link", { name: "+1 (415) 555-0142" })).toHaveAttribute("href", "tel:+14155550142");
  await expect(page.locator('iframe[title="Map showing the Vidfolio office"]')).toBeVisible();
});

test("pricing shows three plan cards from the catalogue and each leads to sign-up", async ({ page }) => {
  await page.goto("/pricing");
  const cards = page.locator('[data-testid^="plan-card-"]');
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId("plan-card-ON_DEMAND")).toContainText("5 credits = 25GB for $35");
  await expect(page.getByTestId("plan-card-ON_DEMAND")).toContainText("100 credits = 500GB for $500");
  await expect(page.getByTestId("plan-card-PRO")).toContainText("$79");
  await expect(page.getByTestId("plan-card-PRO")).toContainText("1 TB upload per year");
  await expect(page.getByTestId("plan-card-UNLIMITED")).toContainText("$165");
  for (const plan of ["ON_DEMAND", "PRO", "UNLIMITED"]) {
    await page.goto("/pricing");
    await page.getByTestId(`plan-card-${plan}`).click();
    await expectPath(page, "/signup");
  }
});

test("about and company tell what Vidfolio is for, at 390 and 1440 px", async ({ page }) => {
  for (const copy of [ABOUT_PAGE, COMPANY_PAGE]) {
    await page.goto(copy === ABOUT_PAGE ? "/about" : "/company");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(copy.title);
    await expect(page.getByText(copy.lead)).toBeVisible();
    await expect(page.locator("article").getByRole("heading", { level: 2 })).toHaveText(copy.sections.map((s) => s.heading));
    await expect(page.getByText(/Lorem ipsum/)).toHaveCount(0);
    for (const [name, width, height] of [
      ["phone", 390, 844],
      ["desktop", 1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/${copy === ABOUT_PAGE ? "about" : "company"}-${name}.png`, fullPage: true });
    }
  }
});

test("an unknown path shows '404 - Page Not Found'", async ({ page }) => {
  const res = await page.goto("/this/does/not/exist");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
});

test("on a phone the menu opens from its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-nav").getByRole("link", { name: "Pricing" }).click();
  await expectPath(page, "/pricing");
});

// Issue 58 item 5: the home page shows the product's real screens without a script and without
// breaking a phone's width; a phone (one device pixel per CSS pixel) fetches the 600 px files of the
// srcset, never the 1200 px ones. Screenshots of home and pricing at 390 and 1440 px (/tmp).
test("home and pricing show the product's screens lazily, script-free, within a phone's width", async ({ page }) => {
  const images: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/site/")) images.push(new URL(r.url()).pathname);
  });
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    images.length = 0;
    await page.goto("/");
    expect(await page.locator("script[src]").count()).toBe(0);
    const shots = page.locator('img[src^="/site/"]');
    await expect(shots).toHaveCount(6);
    for (const img of await shots.all()) {
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      const box = (await img.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    if (width === 390) expect(images.every((p) => p.endsWith("-600.jpg"))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/site-home-${width}.png`, fullPage: true });
    await page.goto("/pricing");
    await expect(page.getByTestId("every-plan")).toContainText("Pay to unlock");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `/tmp/site-pricing-${width}.png`, fullPage: true });
  }
});
