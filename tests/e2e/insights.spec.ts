// The studio's insights (issue 21): with viewer rows seeded as the ingestion writes them, the Guests
// & Insights section shows the totals, each film's heat strip with its summary in words, the viewers
// by name with the share of each film they watched, and downloads the CSV; it fits a 390 px phone
// (the table scrolls inside its own box). A gallery nobody watched says so. The account page turns
// the daily digest on.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, db, expectPath, PASSWORD, seedGallery, signIn, signInByApi } from "./support";

const PHONE = { width: 390, height: 844 };
const heat = (f: (i: number) => number) => Array.from({ length: 100 }, (_, i) => f(i));

async function seedWatchedGallery(adminId: string) {
  const { folder, gallery } = await seedGallery(adminId, { galleryName: "Emma & James" });
  const film = (title: string, durationSec: number, minutesAgo: number) =>
    db().video.create({
      data: {
        title,
        durationSec,
        storageKey: `${adminId}/${folder.id}/${gallery.id}/${randomUUID().slice(0, 8)}.mp4`,
        status: "READY",
        galleryId: gallery.id,
        adminId,
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      },
    });
  const ceremony = await film("Ceremony", 120, 20);
  const speeches = await film("Speeches and toasts", 300, 10);
  const invite = await db().galleryInvite.create({
    data: { galleryId: gallery.id, adminId, name: "Anna", email: `anna-${randomUUID().slice(0, 6)}@example.test`, salt: "e2e", tokenHash: randomUUID() },
  });
  const hour = 3600_000;
  const anna = await db().galleryViewer.create({
    data: { galleryId: gallery.id, key: `i:${invite.id}`, inviteId: invite.id, firstSeenAt: new Date(Date.now() - 30 * hour), lastSeenAt: new Date(Date.now() - hour), visits: 3 },
  });
  const guest1 = await db().galleryViewer.create({ data: { galleryId: gallery.id, key: "a:e2e-one", firstSeenAt: new Date(Date.now() - 20 * hour), lastSeenAt: new Date(Date.now() - 19 * hour) } });
  const guest2 = await db().galleryViewer.create({
    data: { galleryId: gallery.id, key: "a:e2e-two", firstSeenAt: new Date(Date.now() - 10 * hour), lastSeenAt: new Date(Date.now() - 2 * hour), visits: 2 },
  });
  const row = (viewerId: string, videoId: string, watchedSeconds: number, playSeconds: number, downloads = 0) =>
    db().viewerFilm.create({ data: { viewerId, videoId, galleryId: gallery.id, ranges: [[0, watchedSeconds]], watchedSeconds, playSeconds, downloads } });
  await row(anna.id, ceremony.id, 110.4, 180, 1);
  await row(anna.id, speeches.id, 60, 60);
  await row(guest1.id, speeches.id, 150, 150);
  await row(guest2.id, ceremony.id, 30, 30);
  // Ceremony: the vows (parts 40–55) watched again and again.
  await db().filmStat.create({ data: { videoId: ceremony.id, galleryId: gallery.id, heat: heat((i) => (i >= 40 && i < 55 ? 4.8 : i < 92 ? 1.2 : 0)), playSeconds: 210, viewers: 2, downloads: 1 } });
  await db().filmStat.create({ data: { videoId: speeches.id, galleryId: gallery.id, heat: heat((i) => (i < 50 ? 6 : i < 70 ? 3 : 0)), playSeconds: 210, viewers: 2, downloads: 0 } });
  return { folder, gallery };
}

async function overflowOf(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("the insights show the films' heat strips, the viewers by name and share watched, and download the CSV; at 1280 and 390 px", async ({ browser }) => {
  test.setTimeout(120_000);
  const studio = await createAccount();
  const { gallery } = await seedWatchedGallery(studio.id);
  const empty = await seedGallery(studio.id, { galleryName: "Nobody yet" });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInByApi(page, studio.email);
  await page.goto(`/studio/galleries/${gallery.id}/guests`);

  const insights = page.getByTestId("insights");
  await expect(insights.getByRole("heading", { name: TEXTS.insights.title })).toBeVisible();
  await expect(insights.getByTestId("insights-viewers")).toHaveText("3");
  await expect(insights.getByTestId("insights-visits")).toHaveText("6");
  await expect(insights.getByTestId("insights-watch-time")).toHaveText("7 min");
  await expect(insights.getByTestId("insights-downloads")).toHaveText("1");

  // Each film's strip is drawn (recharts, loaded on demand) and said in words.
  const strips = insights.getByTestId("heat-strip");
  await expect(strips).toHaveCount(2);
  await expect(strips.first().locator("svg path.recharts-area-area")).toBeVisible();
  await expect(insights.getByRole("img", { name: TEXTS.insights.heatLabel("Ceremony") })).toBeVisible();
  const summaries = insights.getByTestId("heat-summary");
  // Films newest first: Speeches, then Ceremony (its vows, 0:48–1:06, watched 4 times).
  await expect(summaries.nth(0)).toHaveText("70 % of the film was watched by someone; the most watched part is 0:00–2:30 (watched 2 times).");
  await expect(summaries.nth(1)).toHaveText("92 % of the film was watched by someone; the most watched part is 0:48–1:06 (watched 4 times).");

  // The viewers: last seen first, by name, with the share of each film.
  const rows = insights.getByTestId("viewer-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("Anna");
  await expect(rows.nth(0)).toContainText(TEXTS.insights.invited);
  await expect(rows.nth(0)).toContainText("3 visits");
  await expect(rows.nth(0)).toContainText("92 %");
  await expect(rows.nth(0)).toContainText("20 %");
  await expect(rows.nth(1)).toContainText("Guest 2");
  await expect(rows.nth(1)).toContainText("25 %");
  await expect(rows.nth(2)).toContainText("Guest 1");
  await expect(rows.nth(2)).toContainText("50 %");
  await page.getByLabel(TEXTS.insights.sortLabel).selectOption("name");
  await expect(rows.nth(1)).toContainText("Guest 1");

  await insights.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/insights-1280.png", fullPage: true });

  // The CSV: one row per viewer and film, named after the gallery.
  const [download] = await Promise.all([page.waitForEvent("download"), insights.getByRole("link", { name: TEXTS.insights.downloadCsv }).click()]);
  expect(download.suggestedFilename()).toBe("emma-and-james-insights.csv");
  const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("Viewer,Invited,Email,First seen (UTC),Last seen (UTC),Visits,Film,% watched,Watch time (s),Downloads,Shares,Casts");
  expect(lines).toHaveLength(1 + 3 * 2);
  expect(lines.find((l) => l.startsWith("Anna,") && l.includes(",Ceremony,"))).toMatch(/,Ceremony,92,180,1,0,0$/);

  // A gallery nobody watched says so.
  await page.goto(`/studio/galleries/${empty.gallery.id}/guests`);
  await expect(page.getByTestId("insights-empty")).toHaveText(TEXTS.insights.empty);
  await context.close();

  // On a phone: nothing sticks out; the table scrolls inside its own box.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await signIn(mobile, studio.email, PASSWORD);
  await expectPath(mobile, "/studio/galleries");
  await mobile.goto(`/studio/galleries/${gallery.id}/guests`);
  await expect(mobile.getByTestId("heat-strip").first().locator("svg")).toBeVisible();
  await expect(mobile.getByTestId("viewer-row")).toHaveCount(3);
  await mobile.waitForLoadState("networkidle");
  expect(await overflowOf(mobile)).toBeLessThanOrEqual(0);
  await mobile.getByTestId("insights").scrollIntoViewIfNeeded();
  await mobile.screenshot({ path: "/tmp/insights-390.png", fullPage: true });
  await phone.close();
});

test("the account page turns the daily digest on and off", async ({ page }) => {
  const studio = await createAccount();
  await signInByApi(page, studio.email);
  await page.goto("/studio/account/accountsetting");
  const toggle = page.getByRole("switch", { name: TEXTS.digest.settingLabel });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => (await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).digestEnabled).toBe(true);
  await page.reload();
  await expect(page.getByRole("switch", { name: TEXTS.digest.settingLabel })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("switch", { name: TEXTS.digest.settingLabel }).click();
  await expect.poll(async () => (await db().admin.findUniqueOrThrow({ where: { id: studio.id } })).digestEnabled).toBe(false);
});
