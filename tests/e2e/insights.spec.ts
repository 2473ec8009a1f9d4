// The studio's insights (issue 21): with viewer rows seeded as the ingestion writes them, the
// Insights section (the editor's full width, issue 39 item 6) shows the totals, each film's heat strip with its summary in words, the viewers
// by name with the share of each film they watched, and downloads the CSV; it fits a 390 px phone
// (the table scrolls inside its own box). A gallery nobody watched says so. The account page turns
// the daily digest on. The studio home shows each gallery card's figures and the recent activity.
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
    data: { galleryId: gallery.id, adminId, name: "Anna", email: `anna-${randomUUID().slice(0, 6)}@example.test`, salt: "e2e", tokenHash: randomUUID(), sentAt: new Date(Date.now() - 3 * 3600_000) },
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
  const { folder, gallery } = await seedWatchedGallery(studio.id);
  const empty = await seedGallery(studio.id, { galleryName: "Nobody yet" });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInByApi(page, studio.email);

  // The studio home (issue 39 item 6): each card's films, viewers and last visit, and the recent
  // activity across galleries, the newest first (Anna 1 h ago, Guest 2 2 h ago, the mail to Anna 3 h ago).
  await page.goto(`/studio/galleries?folder=${folder.id}`);
  const card = page.getByTestId("gallery-card").filter({ hasText: "Emma & James" });
  const cardStats = card.getByTestId("gallery-card-stats");
  await expect(cardStats).toContainText(TEXTS.glance.films(2));
  await expect(cardStats).toContainText(TEXTS.insights.uniqueViewers(3));
  await expect(cardStats).toContainText(TEXTS.glance.lastVisit);
  const activity = page.getByTestId("recent-activity").getByTestId("activity-item");
  await expect(activity.nth(0)).toContainText("Anna watched 92 % of Ceremony, downloaded it");
  await expect(activity.nth(0)).toContainText("Anna watched 20 % of Speeches and toasts");
  await expect(activity.nth(0)).toContainText("Emma & James");
  await expect(activity.nth(1)).toContainText("Guest 2 watched 25 % of Ceremony");
  await expect(activity.nth(2)).toContainText(TEXTS.glance.sent("Anna"));
  await expect(activity.nth(3)).toContainText("Guest 1 watched 50 % of Speeches and toasts");
  await page.screenshot({ path: "/tmp/studio-home-1280.png", fullPage: true });
  // A visit's line opens the gallery's insights.
  await activity.nth(0).getByRole("link", { name: "Emma & James" }).click();
  await expectPath(page, `/studio/galleries/${gallery.id}/insights`);

  const insights = page.getByTestId("insights");
  await expect(insights.getByRole("heading", { name: TEXTS.gallerySections.insights })).toBeVisible();
  // Its own section at the editor's full width: no preview beside it.
  await expect(page.locator("#preview")).toHaveCount(0);
  expect((await insights.boundingBox())!.width).toBeGreaterThan(800);
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
  // Every text quoted (lib/services/data/rules/csv.ts), numbers bare.
  expect(lines[0]).toBe('"Viewer","Invited","Email","First seen (UTC)","Last seen (UTC)","Visits","Film","% watched","Watch time (s)","Downloads","Shares","Casts"');
  expect(lines).toHaveLength(1 + 3 * 2);
  expect(lines.find((l) => l.startsWith('"Anna",') && l.includes(',"Ceremony",'))).toMatch(/,"Ceremony",92,180,1,0,0$/);

  // A gallery nobody watched says so, on its card and in its insights.
  await page.goto(`/studio/galleries?folder=${empty.folder.id}`);
  await expect(page.getByTestId("gallery-card-stats")).toContainText(TEXTS.glance.noVisits);
  await expect(page.getByTestId("gallery-card-stats")).toContainText(TEXTS.glance.films(0));
  await page.goto(`/studio/galleries/${empty.gallery.id}/insights`);
  await expect(page.getByTestId("insights-empty")).toHaveText(TEXTS.insights.empty);
  await context.close();

  // On a phone: nothing sticks out; the table scrolls inside its own box.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await signIn(mobile, studio.email, PASSWORD);
  await expectPath(mobile, "/studio/galleries");
  await mobile.goto(`/studio/galleries/${gallery.id}/insights`);
  await expect(mobile.getByTestId("heat-strip").first().locator("svg")).toBeVisible();
  await expect(mobile.getByTestId("viewer-row")).toHaveCount(3);
  await mobile.waitForLoadState("networkidle");
  expect(await overflowOf(mobile)).toBeLessThanOrEqual(0);
  await mobile.getByTestId("insights").scrollIntoViewIfNeeded();
  await mobile.screenshot({ path: "/tmp/insights-390.png", fullPage: true });
  await mobile.goto(`/studio/galleries?folder=${folder.id}`);
  await expect(mobile.getByTestId("activity-item").first()).toBeVisible();
  expect(await overflowOf(mobile)).toBeLessThanOrEqual(0);
  await mobile.screenshot({ path: "/tmp/studio-home-390.png", fullPage: true });
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
