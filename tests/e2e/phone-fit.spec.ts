// Every studio, account, checkout and super-admin page fits a phone (issue 19, item 7): at 390 px
// nothing is wider than the screen (document scrollWidth ≤ innerWidth), and the gallery editor's live
// preview is reachable from every section by a button.
import { expect, test, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { ACCOUNT_SECTIONS, GALLERY_SECTIONS, WIDE_SECTIONS } from "../../lib/routes";
import { createAccount, db, expectPath, PASSWORD, seedGallery, seedReadyVideo, settle, signIn, SUPERADMIN, trackRequests } from "./support";

const PHONE = { width: 390, height: 844 };

async function overflow(page: Page, url: string): Promise<string | null> {
  trackRequests(page);
  await page.goto(url);
  // Not Playwright's networkidle: the editor's preview frame navigates again and can hold it open.
  await settle(page);
  const { scroll, inner, widest } = await page.evaluate(() => {
    const inner = window.innerWidth;
    // The widest element sticking out, to name the culprit.
    let widest = "";
    let max = inner;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const r = el.getBoundingClientRect();
      if (r.right > max + 0.5 && getComputedStyle(el).position !== "fixed") {
        max = r.right;
        widest = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} (right ${Math.round(r.right)})`;
      }
    }
    return { scroll: document.documentElement.scrollWidth, inner, widest };
  });
  return scroll <= inner ? null : `${url}: ${scroll} px > ${inner} px; widest: ${widest}`;
}

test("every studio, account and checkout page fits 390 px; the editor's preview is a button away", async ({ browser }) => {
  test.setTimeout(240_000);
  const studio = await createAccount({ plan: "PRO", creditBytes: BigInt(5 * 1024 ** 3) });
  await db().admin.update({ where: { id: studio.id }, data: { domainUrl: `fit-${studio.id.slice(0, 8)}.example.com` } });
  const { folder, gallery } = await seedGallery(studio.id, { folderName: "A folder with a rather long name for a phone", galleryName: "Emma & James — the whole wedding day" });
  await seedReadyVideo(studio.id, folder.id, gallery.id, "A film with a long title that must wrap on a phone screen");
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, studio.email, PASSWORD);
  await expectPath(page, "/studio/galleries");
  const urls = [
    "/studio/galleries",
    `/studio/galleries?folder=${folder.id}`,
    ...GALLERY_SECTIONS.map((s) => `/studio/galleries/${gallery.id}/${s.slug}`),
    ...ACCOUNT_SECTIONS.map((s) => `/studio/account/${s.slug}`),
    "/checkout",
    "/cancel",
    "/checkout/test/billing",
  ];
  const wide: string[] = [];
  for (const url of urls) {
    const problem = await overflow(page, url);
    if (problem) wide.push(problem);
  }
  expect(wide).toEqual([]);

  // The live preview from any section that has one (not Insights: the full width, issue 39 item 6): a button takes the studio there, and back.
  for (const s of GALLERY_SECTIONS.filter((x) => !WIDE_SECTIONS.includes(x.slug))) {
    await page.goto(`/studio/galleries/${gallery.id}/${s.slug}`);
    await page.getByRole("link", { name: TEXTS.showPreview }).click();
    await expect(page.getByTitle("Gallery preview")).toBeInViewport();
  }
  await page.screenshot({ path: "test-results/editor-preview-phone.png" });
  await page.getByRole("link", { name: TEXTS.backToEditing }).click();
  await expect(page.getByRole("link", { name: TEXTS.showPreview })).toBeInViewport();
  await context.close();
});

test("the super admin's pages fit 390 px", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  expect(await overflow(page, "/vidfolio-superadmin/login")).toBeNull();
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expectPath(page, "/vidfolio-superadmin/clientdata");
  for (const url of ["/vidfolio-superadmin/clientdata", "/vidfolio-superadmin/mail", "/vidfolio-superadmin/audit"]) expect(await overflow(page, url)).toBeNull();
  await context.close();
});
