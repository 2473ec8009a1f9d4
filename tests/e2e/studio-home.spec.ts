// A studio's own domain root (issue 19, item 8): `http://<studio domain>/` is the studio's branded
// page — its name, and the galleries it lists from the editor's Settings — never Vidfolio's 404;
// before it lists any, a branded "nothing here". Listing shows at once (the cached page expires).
import path from "node:path";
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { VIEWER_TEXTS } from "../../lib/viewer-i18n/english";
import { createAccount, db, seedGallery, seedReadyVideo, signInByApi } from "./support";

test("the domain root is the studio's branded page, listing the galleries it chooses", async ({ page, browser, baseURL }) => {
  const port = new URL(baseURL!).port;
  const studio = await createAccount();
  const domain = `home-${studio.id.slice(0, 8)}.localhost`;
  await db().admin.update({ where: { id: studio.id }, data: { domainUrl: domain, companyName: "Northern Light Films" } });
  const { folder, gallery } = await seedGallery(studio.id, { galleryName: "Emma & James" });
  await seedReadyVideo(studio.id, folder.id, gallery.id, "First dance");
  await seedGallery(studio.id, { galleryName: "Unlisted" });

  const viewer = await browser.newPage();
  const root = `http://${domain}:${port}/`;
  const empty = await viewer.goto(root);
  expect(empty?.status()).toBe(200);
  await expect(viewer.getByTestId("studio-home-name")).toHaveText("Northern Light Films");
  await expect(viewer.getByTestId("studio-home-empty")).toContainText(VIEWER_TEXTS.studioHomeEmpty);
  await expect(viewer).toHaveTitle("Northern Light Films");
  await expect(viewer.getByText(TEXTS.notFound)).toHaveCount(0);

  // The studio lists the gallery from the editor's Settings.
  await signInByApi(page, studio.email);
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  await expect(page.getByTestId("listed-hint")).toContainText(`https://${domain}/`);
  const toggle = page.getByRole("switch", { name: TEXTS.listedToggle });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  const saved = page.waitForResponse((r) => r.url().includes(`/api/galleries/gallery/settings/${gallery.id}`) && r.request().method() === "PUT");
  await toggle.click();
  expect((await saved).status()).toBe(200);

  await viewer.goto(root);
  const cards = viewer.getByTestId("studio-home-galleries").getByRole("link");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(gallery.title);
  await expect(cards.first()).toContainText("1 film");
  for (const [name, size] of [
    ["studio-home-desktop.png", { width: 1280, height: 800 }],
    ["studio-home-phone.png", { width: 390, height: 844 }],
  ] as const) {
    await viewer.setViewportSize(size);
    await viewer.screenshot({ path: path.join("test-results", name), fullPage: true });
  }
  await cards.first().click();
  await expect(viewer.getByTestId("gallery-title")).toHaveText(gallery.title);
  expect(new URL(viewer.url()).host).toBe(`${domain}:${port}`);
  await viewer.close();
});
