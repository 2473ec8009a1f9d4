// The studio's activity (its home's feed and the top bar's bell), as a studio uses it: an event
// written while the home is open shows at once in the bell's count and the feed, grouped under its
// gallery; the bell's panel lists it; "Mark all as read" clears the count, also after a reload; a
// filter by kind; the mail choice per kind is kept. Screenshots at 390 and 1440 px.
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, db, seedGallery, signInByApi } from "./support";

/** An event as the app writes it (lib/services/platform/activity/record.ts): the row and the NOTIFY that wakes the open feeds. */
async function writeEvent(adminId: string, galleryId: string, kind: string, who: string, data: object) {
  await db().$executeRaw`
    WITH written AS (
      INSERT INTO "ActivityEvent" ("adminId", "galleryId", kind, who, data) VALUES (${adminId}::uuid, ${galleryId}::uuid, ${kind}, ${who}, ${JSON.stringify(data)}::jsonb) RETURNING seq
    )
    SELECT pg_notify('vidfolio_activity', ${adminId}) FROM written`;
}

const shoot = async (page: Page, name: string) => page.screenshot({ path: path.join("test-results", name), fullPage: false });

test("an event shows live in the bell and the feed, is read with one button, and the mail per kind is kept", async ({ page }) => {
  const studio = await createAccount();
  const { gallery } = await seedGallery(studio.id, { galleryName: "Emma & James" });
  await signInByApi(page, studio.email);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/studio/galleries");
  const feed = page.getByTestId("activity-feed");
  await expect(feed).toContainText(TEXTS.activity.empty);
  const bell = page.getByTestId("activity-bell");
  await expect(bell).toHaveAttribute("aria-label", TEXTS.activity.bellLabel(0));

  // Written while the page is open: it arrives live.
  await writeEvent(studio.id, gallery.id, "comment", "Anna", { film: "Ceremony", text: "The music is too loud here" });
  await writeEvent(studio.id, gallery.id, "approval", "Anna", { film: "Ceremony", version: 2 });
  await expect(page.getByTestId("bell-count")).toHaveText("2", { timeout: 10_000 });
  await expect(feed.getByTestId("activity-event")).toHaveCount(2);
  await expect(feed.getByTestId("activity-group")).toHaveCount(1);
  await expect(feed.getByTestId("activity-group")).toContainText(TEXTS.activity.gallery("Emma & James", 2));
  await expect(feed).toContainText("Anna commented on Ceremony: “The music is too loud here”");
  await expect(feed).toContainText("Anna approved Ceremony (v2)");
  await shoot(page, "activity-home-1440.png");

  // The bell's panel, then everything read; still read after a reload.
  await bell.click();
  const panel = page.getByTestId("bell-panel");
  await expect(panel.getByTestId("activity-event")).toHaveCount(2);
  await shoot(page, "activity-bell-1440.png");
  await panel.getByRole("button", { name: TEXTS.activity.markRead }).click();
  await expect(page.getByTestId("bell-count")).toHaveCount(0);
  await expect(feed.locator('[data-read="false"]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("activity-feed").getByTestId("activity-event")).toHaveCount(2);
  await expect(page.getByTestId("bell-count")).toHaveCount(0);

  // A filter by kind.
  await page.getByTestId("feed-kind").selectOption("payment");
  await expect(page.getByTestId("activity-feed")).toContainText(TEXTS.activity.emptyFiltered);
  await page.getByTestId("feed-kind").selectOption("approval");
  await expect(page.getByTestId("activity-feed").getByTestId("activity-event")).toHaveCount(1);

  // At phone width, with a new event.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("feed-kind").selectOption("all");
  await writeEvent(studio.id, gallery.id, "payment", "ben@example.com", { amount: 125000, currency: "eur" });
  await expect(page.getByTestId("bell-count")).toHaveText("1", { timeout: 10_000 });
  await page.getByTestId("activity-feed").scrollIntoViewIfNeeded();
  await shoot(page, "activity-home-390.png");
  await page.getByTestId("activity-bell").click();
  await expect(page.getByTestId("bell-panel")).toContainText("ben@example.com paid €1,250.00");
  await shoot(page, "activity-bell-390.png");
  await page.keyboard.press("Escape");

  // The mail per kind, kept.
  await page.goto("/studio/account/accountsetting");
  const downloads = page.getByLabel(TEXTS.activity.kinds.download);
  await expect(downloads).toHaveValue("digest");
  const saved = page.waitForResponse((r) => r.url().includes("/api/users/notifications") && r.request().method() === "PUT");
  await downloads.selectOption("now");
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel(TEXTS.activity.kinds.download)).toHaveValue("now");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId("activity-mail").scrollIntoViewIfNeeded();
  await shoot(page, "activity-mail-1440.png");
});
