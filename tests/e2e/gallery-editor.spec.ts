import { expect, test, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { GALLERY_FONTS } from "../../lib/services/galleries/rules/fonts";
import { CURATED_FONTS } from "../../lib/services/galleries/rules/font-pairs";
import { createAccount, db, expectPath, seedGallery, signInNewStudio } from "./support";

const frameOf = (page: Page) => page.frameLocator('iframe[title="Gallery preview"]');
const row = (id: string) => db().gallery.findUniqueOrThrow({ where: { id } });

/** Holds every request to `url` until the returned release() is called. */
async function hold(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("the heading shows in the preview while typing and is saved by Update with the 'Title Update' toast", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id);
  await page.goto(`/studio/galleries/${gallery.id}/heading`);
  const title = page.getByRole("textbox", { name: "Title", exact: true });
  await expect(title).toHaveValue(gallery.title);
  await expect(frameOf(page).getByTestId("gallery-title")).toHaveText(gallery.title);

  await title.fill("Our wedding film");
  await page.getByLabel(TEXTS.subtitleOptional).fill("Lake Como, June");
  await expect(frameOf(page).getByTestId("gallery-title")).toHaveText("Our wedding film");
  await expect(frameOf(page).getByTestId("gallery-subtitle")).toHaveText("Lake Como, June");
  expect((await row(gallery.id)).title).toBe(gallery.title);

  // The toast lasts 500 ms: watch for it (every frame) from before the click, and note where it is.
  const seen = page.waitForFunction(
    (text) => {
      const toast = [...document.querySelectorAll("[data-sonner-toast]")].find((el) => el.textContent?.includes(text));
      return toast ? `${toast.getAttribute("data-y-position")}-${toast.getAttribute("data-x-position")}` : false;
    },
    TEXTS.titleUpdated,
    { polling: "raf" },
  );
  await page.getByRole("button", { name: "Update" }).click();
  expect(await (await seen).jsonValue()).toBe("bottom-center");
  await expect(page.locator("[data-sonner-toast]", { hasText: TEXTS.titleUpdated })).toHaveCount(0, { timeout: 2500 });
  await expect.poll(async () => (await row(gallery.id)).title).toBe("Our wedding film");
  expect((await row(gallery.id)).subtitle).toBe("Lake Como, June");

  await title.fill("  ");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(TEXTS.titleRequired)).toBeVisible();
  expect((await row(gallery.id)).title).toBe("Our wedding film");
});

test("fonts and toggles change the preview before they are saved", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id);
  await page.goto(`/studio/galleries/${gallery.id}/styles`);
  const frame = frameOf(page);
  await expect(frame.getByTestId("gallery-title")).toBeVisible();

  await expect(page.getByTestId("font-heading")).toHaveText("Choose Your Font");
  await page.getByTestId("font-heading").click();
  const options = page.getByRole("menuitemradio");
  await expect(options).toHaveCount(GALLERY_FONTS.length + CURATED_FONTS.length);
  await expect(options.filter({ hasText: "Courier New" })).toHaveCSS("font-family", /Courier New/);
  await expect(options.filter({ hasText: "Georgia" })).toHaveCSS("font-family", /Georgia/);

  let release = await hold(page, "**/api/galleries/update-gallery-title");
  await options.filter({ hasText: "Georgia" }).click();
  await expect(frame.getByTestId("gallery-title")).toHaveCSS("font-family", /Georgia/);
  expect((await row(gallery.id)).fheading).toBe("font-sans");
  release();
  await expect.poll(async () => (await row(gallery.id)).fheading).toBe("Georgia");
  await page.unroute("**/api/galleries/update-gallery-title");

  await page.getByTestId("font-body").click();
  await page.getByRole("menuitemradio", { name: "Courier New" }).click();
  await expect(frame.getByTestId("gallery-page")).toHaveCSS("font-family", /Courier New/);
  await expect.poll(async () => (await row(gallery.id)).fbody).toBe("Courier New");

  await page.getByRole("link", { name: "Settings" }).click();
  await expectPath(page, `/studio/galleries/${gallery.id}/settings`);
  const actions = frame.getByTestId("gallery-actions");
  await expect(actions.getByRole("button")).toHaveText(["Play All", "Download", "Share", "TV Connect"]);

  release = await hold(page, `**/api/galleries/gallery/settings/${gallery.id}`);
  const share = page.getByRole("switch", { name: "Share Button" });
  await share.click();
  await expect(share).toHaveAttribute("aria-checked", "false");
  await expect(actions.getByRole("button")).toHaveText(["Play All", "Download", "TV Connect"]);
  expect((await row(gallery.id)).settingShare).toBe(true);
  release();
  await expect.poll(async () => (await row(gallery.id)).settingShare).toBe(false);
  await page.unroute(`**/api/galleries/gallery/settings/${gallery.id}`);

  await page.getByRole("switch", { name: "Downloads Button" }).click();
  await expect(actions.getByRole("button")).toHaveText(["Play All", "TV Connect"]);
  await expect.poll(async () => (await row(gallery.id)).settingDownload).toBe(false);
});

test("a toggle whose save fails is turned back with a message", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id);
  await page.route(`**/api/galleries/gallery/settings/${gallery.id}`, (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) }));
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  const tv = page.getByRole("switch", { name: "TV Connect Button" });
  await expect(tv).toHaveAttribute("aria-checked", "true");
  await tv.click();
  await expect(page.getByText(TEXTS.settingSaveFailed)).toBeVisible();
  await expect(tv).toHaveAttribute("aria-checked", "true");
  await expect(frameOf(page).getByTestId("gallery-actions").getByRole("button", { name: "TV Connect" })).toBeVisible();
  expect((await row(gallery.id)).settingTv).toBe(true);
});

test("the preview switches between Mobile, Tablet and Desktop widths", async ({ page }) => {
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id);
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await expect(page.getByRole("heading", { name: TEXTS.preview })).toBeVisible();
  const frame = page.locator('iframe[title="Gallery preview"]');
  const innerWidth = () => frame.evaluate((f: HTMLIFrameElement) => f.contentWindow!.innerWidth);
  await expect(page.getByRole("button", { name: "Desktop" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(innerWidth).toBe(1000);
  for (const [device, width] of [
    ["Mobile", 375],
    ["Tablet", 768],
    ["Desktop", 1000],
  ] as const) {
    await page.getByRole("button", { name: device }).click();
    await expect(page.getByRole("button", { name: device })).toHaveAttribute("aria-pressed", "true");
    await expect(frame).toHaveAttribute("data-device", device);
    await expect.poll(innerWidth).toBe(width);
  }
  const box = await page.getByTestId("preview-box").boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(520);
  expect(box!.height).toBeLessThanOrEqual(613);
  await expect(page.getByRole("link", { name: TEXTS.newTab })).toHaveAttribute("href", new RegExp(`/g/${gallery.customUrl}$`));
  await expect(page.getByRole("link", { name: TEXTS.newTab })).toHaveAttribute("target", "_blank");
});

test("the link is customised (malformed and taken urls refused) and copied", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const studio = await signInNewStudio(page);
  const { gallery } = await seedGallery(studio.id);
  const other = await seedGallery((await createAccount()).id);
  await page.goto(`/studio/galleries/${gallery.id}/deliver`);
  await expect(page.getByRole("link", { name: "Link", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("base-link")).toHaveText(`${baseURL}/g/`);
  const input = page.getByLabel("Gallery link");
  await expect(input).toHaveValue(gallery.customUrl);
  await expect(input).toHaveAttribute("readonly", "");

  await page.getByRole("button", { name: "Customize" }).click();
  await input.fill("not a slug!");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator("#custom-url-error")).toHaveText(TEXTS.customUrlInvalid);
  await input.fill(other.gallery.customUrl);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.locator("#custom-url-error")).toHaveText(TEXTS.customUrlTaken);
  expect((await row(gallery.id)).customUrl).toBe(gallery.customUrl);

  const slug = `${gallery.customUrl}-final`;
  await input.fill(slug);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Customize" })).toBeVisible();
  await expect.poll(async () => (await row(gallery.id)).customUrl).toBe(slug);
  await expect(page.getByTestId("delivery-link")).toHaveText(`${baseURL}/g/${slug}`);

  await page.getByRole("button", { name: "Copy Link" }).click();
  await expect(page.getByText(TEXTS.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/g/${slug}`);

  await page.goto(`/g/${slug}`);
  await expect(page.getByTestId("gallery-title")).toHaveText(gallery.title);
});

test("the side bar has Go Back and eleven sections (the spec's eight, then Guests of issue 21, Review of issue 40 and Insights of issue 39); an unknown section or another studio's gallery is a 404", async ({
  page,
}) => {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  const theirs = await seedGallery((await createAccount()).id);
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  const nav = page.getByRole("navigation", { name: "Gallery sections" });
  await expect(nav.getByRole("link")).toHaveText(["Videos", "Show Case", "Heading", "Background", "Ambient Music", "Gallery Styles", "Settings", "Link", "Guests", "Review", "Insights"]);

  await nav.getByRole("link", { name: "Show Case" }).click();
  await expect(page.getByRole("button", { name: TEXTS.addMedia })).toBeVisible();
  await page.getByRole("button", { name: TEXTS.addMedia }).click();
  await expect(page.getByRole("dialog", { name: TEXTS.selectMedia })).toContainText(TEXTS.noMedia);
  await expect(page.getByRole("button", { name: TEXTS.addToShowcase })).toBeDisabled();
  await page.keyboard.press("Escape");
  await nav.getByRole("link", { name: "Background" }).click();
  await expect(page.getByText(TEXTS.hints.stillImage)).toBeVisible();
  await expect(page.getByText(TEXTS.hints.videoBackground)).toBeVisible();
  await nav.getByRole("link", { name: "Ambient Music" }).click();
  await expect(page.getByText(TEXTS.noTrack)).toBeVisible();
  await expect(page.getByText(TEXTS.hints.audio)).toBeVisible();

  for (const path of [`/studio/galleries/${gallery.id}/nope`, `/studio/galleries/${theirs.gallery.id}/heading`, "/studio/galleries/not-an-id/heading"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: TEXTS.notFound })).toBeVisible();
  }

  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await page.getByRole("link", { name: TEXTS.goBack }).click();
  await expectPath(page, "/studio/galleries");
  await expect(page.getByRole("heading", { level: 1, name: folder.name })).toBeVisible();
});
