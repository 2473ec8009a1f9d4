// An expired gallery's cached page stops carrying its films at the expiry instant (issue 17, item
// 14), on the production server with its caches (Next's page cache, the cache handler, the front
// cache) and the Cache-Control a CDN would follow.
import { expect, test } from "@playwright/test";
import { TEXTS } from "../../lib/texts";
import { createAccount, db, seedGallery, seedReadyVideo, signInByApi } from "./support";

const EXPIRES_IN_MS = 8_000;

function sMaxAge(cacheControl: string | undefined): number | null {
  const m = /s-maxage=(\d+)/.exec(cacheControl ?? "");
  return m ? Number(m[1]) : null;
}

test("a gallery expiring seconds ahead: its page (cached, front-cached) carries the films until then and never after", async ({ request, page }) => {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  await seedReadyVideo(studio.id, folder.id, gallery.id, "The vows, expiring");
  const expiresAt = Date.now() + EXPIRES_IN_MS;
  await db().gallery.update({ where: { id: gallery.id }, data: { expiresAt: new Date(expiresAt) } });
  const url = `/g/${gallery.customUrl}`;

  // Before the expiry: the films, from a render and then from the caches, with a cache life that
  // ends by the expiry and nothing stale allowed.
  const answers = [];
  while (Date.now() < expiresAt - 2_500) {
    const res = await request.get(url);
    const at = Date.now();
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("The vows, expiring");
    const cc = res.headers()["cache-control"];
    expect(cc).not.toContain("stale-while-revalidate");
    const life = sMaxAge(cc);
    expect(life).not.toBeNull();
    expect(at + life! * 1000).toBeLessThanOrEqual(expiresAt);
    answers.push(res.headers()["x-front-cache"] ?? res.headers()["x-nextjs-cache"]);
    await new Promise((r) => setTimeout(r, 250));
  }
  // The caches did answer (the bound is not met by never caching).
  expect(answers).toContain("hit");

  // From the expiry instant on: never the films again, whatever cache answers.
  await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now())));
  for (let i = 0; i < 6; i++) {
    const res = await request.get(url);
    const html = await res.text();
    expect(html).not.toContain("The vows, expiring");
    expect(html).toContain(TEXTS.viewer.expiredHeading);
    await new Promise((r) => setTimeout(r, 150));
  }
  // The content API and the playlists refuse it too.
  const api = await request.get(`/api/public/galleries/${gallery.customUrl}`);
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ code: "gallery_expired", message: TEXTS.viewer.expiredHeading });

  // A browser that opens it now sees the expired note.
  await page.goto(url);
  await expect(page.getByTestId("gallery-expired")).toBeVisible();
  await expect(page.getByText("The vows, expiring")).toHaveCount(0);
});

test("the studio sees Locked / Expires / Expired on the gallery card and in the editor (issue 19 item 10)", async ({ page }) => {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  await signInByApi(page, studio.email);
  await page.goto(`/studio/galleries/${gallery.id}/settings`);
  const editorBadges = page.getByRole("complementary").getByTestId("access-badges");
  await expect(editorBadges).toHaveCount(0);
  await page.getByLabel("Viewer password").fill("lake como at dawn");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(editorBadges).toContainText(TEXTS.badges.locked);
  const inAWeek = new Date(Date.now() + 7 * 24 * 3600_000);
  await db().gallery.update({ where: { id: gallery.id }, data: { expiresAt: inAWeek } });
  await page.goto(`/studio/galleries?folder=${folder.id}`);
  const card = page.getByTestId("gallery-card").filter({ hasText: gallery.name }).getByTestId("access-badges");
  await expect(card).toContainText(TEXTS.badges.locked);
  await expect(card).toContainText(TEXTS.badges.expires);
  await page.screenshot({ path: "test-results/gallery-card-badges.png" });
  await db().gallery.update({ where: { id: gallery.id }, data: { expiresAt: new Date(Date.now() - 60_000), passwordHash: null } });
  await page.reload();
  await expect(card).toHaveText(TEXTS.badges.expired);
  await page.goto(`/studio/galleries/${gallery.id}/videos`);
  await expect(editorBadges).toHaveText(TEXTS.badges.expired);
});
