// Accessibility: axe-core on every page (marketing, sign-in, sign-up, studio with each gallery
// section, account pages, the super-admin panel, the public gallery, the player and theater
// open): no serious or critical violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNT_SECTIONS, GALLERY_SECTIONS } from "../../lib/routes";
import { createAccount, db, seedGallery, seedReadyVideo, settle, signIn, signInNewStudio, SUPERADMIN, trackRequests } from "./support";

// The page has settled (no request in flight for half a second) before it is analysed; capped, since
// a page whose preview holds a media stream open never does ("networkidle" waited on one until the
// test's time-out, support.ts).
test.beforeEach(({ page }) => trackRequests(page));

async function expectAccessible(page: Page, what: string) {
  await settle(page, { capMs: 10_000 });
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect
    .soft(
      bad.map(
        (v) =>
          `${what}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      ),
    )
    .toEqual([]);
}

// Marketing, sign-in and sign-up pages in three tests of three pages (nine in one ran past its
// minute on a loaded machine, axe taking 3-6 s a page there).
const PUBLIC_PAGES = ["/", "/pricing", "/about", "/company", "/contact", "/login", "/signup", "/vidfolio-superadmin/login", "/no-such-page"];
for (let i = 0; i < PUBLIC_PAGES.length; i += 3) {
  const paths = PUBLIC_PAGES.slice(i, i + 3);
  test(`public pages: ${paths.join(", ")}`, async ({ page }) => {
    for (const path of paths) {
      await page.goto(path);
      await expectAccessible(page, path);
    }
  });
}

// The studio's pages in three tests that run in parallel (one took three minutes on a busy machine).
test.describe("the studio", () => {
  async function studioWithFilm(page: Page) {
    const studio = await signInNewStudio(page);
    const { folder, gallery } = await seedGallery(studio.id);
    await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
    return gallery;
  }

  test("galleries and every gallery section", async ({ page }) => {
    test.setTimeout(150_000); // eleven pages, each analysed whole
    const gallery = await studioWithFilm(page);
    await page.goto("/studio/galleries");
    await expectAccessible(page, "/studio/galleries");
    for (const s of GALLERY_SECTIONS) {
      await page.goto(`/studio/galleries/${gallery.id}/${s.slug}`);
      await expectAccessible(page, `gallery ${s.slug}`);
    }
  });

  test("the player modal and its chapters tab", async ({ page }) => {
    const gallery = await studioWithFilm(page);
    await page.goto(`/studio/galleries/${gallery.id}/videos`);
    await page.getByRole("button", { name: "Open Ceremony" }).click();
    await expect(page.getByTestId("video-player-modal")).toBeVisible();
    await expectAccessible(page, "video player modal");
    await page.getByRole("tab", { name: "ADVANCE" }).click();
    await expectAccessible(page, "video player modal, chapters");
  });

  test("every account page", async ({ page }) => {
    await signInNewStudio(page);
    for (const s of ACCOUNT_SECTIONS) {
      await page.goto(`/studio/account/${s.slug}`);
      await expectAccessible(page, `account ${s.slug}`);
    }
  });
});

test("the super-admin panel", async ({ page }) => {
  await createAccount();
  await signIn(page, SUPERADMIN.email, SUPERADMIN.password, "/vidfolio-superadmin/login");
  await expect(page).toHaveURL(/clientdata/);
  await expectAccessible(page, "super-admin clientdata");
});

test("the public gallery and its theater, on a desktop and a phone", async ({ page }) => {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  const video = await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await db().chapter.create({ data: { videoId: video.id, title: "Vows", cueSeconds: 5 } });
  await page.goto(`/g/${gallery.customUrl}`);
  await expectAccessible(page, "public gallery");
  await page.getByRole("button", { name: "Play Ceremony" }).click();
  await expect(page.getByTestId("theater")).toBeVisible();
  await expectAccessible(page, "public theater");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/g/${gallery.customUrl}`);
  await expectAccessible(page, "public gallery (phone)");
});
