// Media is private (issue 17, item 6), in a viewer's browser against the production build: the
// page's images are signed addresses of the store (which refuses them unsigned), the player reads
// the MP4 through the app's stream door and HLS through the app's playlists (hls.js from our own
// bundle, segments from the store by signed address), and a lock stops new playback at once.
import { expect, test } from "@playwright/test";
import { addLadder, createAccount, db, seedGallery, seedReadyVideo } from "./support";

test("a viewer's page plays its film from the app's doors with signed media, and the store refuses the same media unsigned", async ({ page, request }) => {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  const video = await seedReadyVideo(studio.id, folder.id, gallery.id, "Signed first dance");
  await page.goto(`/g/${gallery.customUrl}`);
  const thumb = page.locator('[data-testid="gallery-video"] img').first();
  await expect(thumb).toHaveJSProperty("complete", true);
  const src = await thumb.getAttribute("src");
  expect(src).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const unsigned = new URL(src!);
  unsigned.search = "";
  expect((await request.get(unsigned.toString())).status()).toBe(403);

  // The player reads the MP4 through the app's stream door, which redirects to a signed address.
  const streamed = page.waitForResponse((r) => r.url().includes(`/api/public/stream/${video.id}`));
  await page.getByTestId("gallery-video").first().click();
  const res = await streamed;
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toMatch(/X-Amz-Signature=/);
  await expect.poll(async () => page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
});

test("a viewer's film plays by HLS: playlists from the app, signed segments from the store; a lock stops the next playlist", async ({ page, request }) => {
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id);
  const video = await seedReadyVideo(studio.id, folder.id, gallery.id, "HLS first dance");
  await addLadder(video);
  const seen: string[] = [];
  page.on("request", (r) => seen.push(r.url()));
  await page.goto(`/g/${gallery.customUrl}`);
  await page.getByTestId("gallery-video").first().click();
  await expect.poll(() => page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(await page.locator("[data-testid=theater] video").evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
  const master = seen.find((u) => u.includes(`/api/public/hls/${video.id}/master.m3u8?g=${gallery.customUrl}`));
  const variant = seen.find((u) => u.includes(`/api/public/hls/${video.id}/360p.m3u8?g=${gallery.customUrl}`));
  expect(master).toBeTruthy();
  expect(variant).toBeTruthy();
  const segments = seen.filter((u) => /360p_\d+\.ts\?/.test(u));
  expect(segments.length).toBeGreaterThan(0);
  for (const s of segments) expect(s).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);

  // The studio locks the gallery: the next playlist is refused at once.
  await db().gallery.update({ where: { id: gallery.id }, data: { passwordHash: "x", passwordVersion: { increment: 1 } } });
  expect((await request.get(variant!)).status()).toBe(401);
});
