// A real clip goes through the browser upload, the queue and a real worker (ffmpeg) to its
// thumbnail, while the studio watches the card; and a studio's export made by that worker while the
// account page follows it. Runs after every other browser test (see playwright.config.ts), with its
// own worker process.
import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { createAccount, db, seedGallery, seedReadyVideo, signInByApi } from "./support";
import { clipArgs } from "../helpers/test-clip";
import { TEXTS } from "../../lib/texts";

const root = path.resolve(__dirname, "../..");
const clipPath = path.join(root, ".data", "e2e", "clip-720p.mp4");
let worker: ChildProcess | undefined;

test.beforeAll(async () => {
  const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...clipArgs(clipPath, { seconds: 12, size: "1280x720", toneHz: 440 })]);
  const env = JSON.parse(fs.readFileSync(path.join(root, ".data", "e2e", "env.json"), "utf8"));
  // The other browser tests' uploads (placeholder bytes, queued with no worker running) are not
  // this worker's to process: left queued, they are films waiting to become playable, and every
  // ladder here would wait behind them (issue 39: playable first). Dropped, and no start-up sweep.
  // (The queue's tables exist once anything was queued: not when this spec runs alone on a fresh database.)
  const [queue] = await db().$queryRaw<{ exists: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS exists`;
  if (queue.exists) await db().$executeRaw`DELETE FROM pgboss.job WHERE name LIKE 'video-process%' AND state < 'active'`;
  worker = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["--tsconfig", "tsconfig.worker.json", "scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env, ...env, AUTH_SECRET: "e2e-secret-0123456789abcdefghij", HLS_LADDER: "360,720", NODE_ENV: "production", WORKER_SWEEP: "false" },
    stdio: "inherit",
  });
});

test.afterAll(() => {
  worker?.kill("SIGTERM");
});

test("three clips uploaded at once are all playable before any ladder is encoded; each shows Checking / Processing, its stage while optimising, then its thumbnail", async ({ page }) => {
  test.setTimeout(200_000);
  const studio = await createAccount({ creditBytes: BigInt(500 * 1048576) });
  const folder = await db().folder.create({ data: { name: "Films", adminId: studio.id } });
  const gallery = await db().gallery.create({ data: { name: "Processing", folderId: folder.id, adminId: studio.id, customUrl: `proc-${studio.id.slice(0, 8)}` } });
  await signInByApi(page, studio.email);
  await page.goto(`/studio/galleries/${gallery.id}/videos`);

  // A batch (issue 39): the same clip under three names, chosen at once.
  const batch = ["clip 720p b", "clip 720p c"].map((name) => {
    const file = path.join(path.dirname(clipPath), `${name.replace(/ /g, "-")}.mp4`);
    fs.copyFileSync(clipPath, file);
    return file;
  });
  // Each film's row, every 100 ms: when it became playable (READY), and when any ladder began (its
  // progress set as its encode starts, or its whole ladder published).
  const playableAt = new Map<string, number>();
  let ladderBeganAt: number | null = null;
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const rows = await db().video.findMany({ where: { galleryId: gallery.id }, select: { id: true, status: true, optimizing: true, optimizeProgress: true, hlsKey: true } });
      const now = Date.now();
      for (const r of rows) {
        if (r.status === "READY" && !playableAt.has(r.id)) playableAt.set(r.id, now);
        if (ladderBeganAt === null && r.status === "READY" && (r.optimizeProgress !== null || (!r.optimizing && r.hlsKey))) ladderBeganAt = now;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Upload" }).first().click()]);
  await chooser.setFiles([clipPath, ...batch]);
  const card = page.getByTestId("video-card").filter({ has: page.locator('p[title="Clip 720p"]') });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId("video-status")).toHaveText(/^(Checking\.\.\.|Processing\.\.\.|Ready · .*)$/);
  // While a film plays already and its ladder waits or is encoded, its card says which, and how far
  // (the texts have no regular-expression characters).
  const optimisingStage = new RegExp(`^(${[TEXTS.optimizing(null), ...Array.from({ length: 100 }, (_, p) => TEXTS.optimizing(p))].join("|")})$`);
  await expect(page.getByTestId("video-status").filter({ hasText: optimisingStage }).first()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: "test-results/processing-batch-stages.png" });
  await expect.poll(async () => (await db().video.findMany({ where: { galleryId: gallery.id, status: "READY", optimizing: false, hlsKey: { not: null } } })).length, { timeout: 120_000 }).toBe(3);
  watching = false;
  await watch;
  expect(playableAt.size).toBe(3);
  expect(ladderBeganAt).not.toBeNull();
  expect(ladderBeganAt!).toBeGreaterThanOrEqual(Math.max(...playableAt.values()));

  await expect(card.locator("img")).toBeVisible({ timeout: 90_000 });
  await expect(card.getByTestId("video-status")).toHaveCount(0);
  await expect(card.locator("img")).toHaveJSProperty("naturalWidth", 440);
  const video = await db().video.findFirstOrThrow({ where: { galleryId: gallery.id, title: "Clip 720p" } });
  expect(video).toMatchObject({ status: "READY", width: 1280, height: 720 });
  expect(video.hlsKey).toMatch(/\.derived\/hls\/master\.m3u8$/);

  // The preview frame shows the same thumbnail once the library is ready.
  await expect(page.frameLocator("iframe").locator(`img[src*="thumb-"]`).first()).toBeAttached({ timeout: 15_000 });

  // The player streams the HLS ladder (hls.js from our own bundle, segments from the store).
  const playlists: string[] = [];
  page.on("request", (r) => /\.m3u8($|\?)/.test(r.url()) && playlists.push(r.url()));
  const rungs: string[] = [];
  page.on("request", (r) => {
    const rung = /\/(\d+p)\.m3u8($|\?)/.exec(r.url());
    if (rung) rungs.push(rung[1]);
  });
  await card.getByRole("button", { name: "Open Clip 720p" }).click();
  await page.getByTestId("play-overlay").click();
  await expect.poll(() => page.locator("video").evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(playlists.some((u) => u.endsWith("master.m3u8"))).toBe(true);
  expect(await page.locator("video").evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);

  // The viewer can see, and choose, which quality plays: Vidstack's menu lists the ladder's rungs.
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("menuitem", { name: /Quality/ }).click();
  for (const q of ["720p", "360p"]) await expect(page.getByRole("menuitemradio", { name: new RegExp(q) })).toBeVisible();
  await page.screenshot({ path: "test-results/processing-quality-menu.png" });

  // Issue 39: the client's theater on a desktop starts at the rung that fits the player and the line
  // (720p of this ladder), not at hls.js's own 500 kbit/s guess (360p).
  rungs.length = 0;
  await page.goto(`/g/${gallery.customUrl}`);
  await page.getByRole("button", { name: /Play Clip 720p$/ }).click();
  const theater = page.getByTestId("theater");
  if (await theater.getByTestId("play-overlay").isVisible()) await theater.getByTestId("play-overlay").click();
  await expect.poll(() => rungs.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await theater.getByTestId("video-player").evaluate((el) => el.clientWidth)).toBeGreaterThan(640);
  expect(rungs[0]).toBe("720p");

  // A guest's choice of quality carries to the film's next opening in this gallery: 360p chosen in
  // the settings menu, the theater closed and the film reopened, it plays 360p.
  await theater.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("menuitem", { name: /Quality/ }).click();
  await page.getByRole("menuitemradio", { name: /360p/ }).click();
  await expect(page.getByRole("menuitemradio", { name: /360p/ })).toHaveAttribute("aria-checked", "true");
  await theater.getByRole("button", { name: "Close", exact: true }).click();
  await expect(theater).toBeHidden();
  rungs.length = 0;
  await page.getByRole("button", { name: /Play Clip 720p$/ }).click();
  if (await theater.getByTestId("play-overlay").isVisible()) await theater.getByTestId("play-overlay").click();
  await expect.poll(() => rungs.at(-1), { timeout: 20_000 }).toBe("360p");
});

test("Account → Export: a worker packs the studio while the page follows it; the ZIP downloads and passes unzip -t", async ({ page }) => {
  test.setTimeout(180_000);
  const studio = await createAccount();
  const { folder, gallery } = await seedGallery(studio.id, { folderName: "Weddings", galleryName: "Emma & James" });
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await seedReadyVideo(studio.id, folder.id, gallery.id, "Ceremony");
  await signInByApi(page, studio.email);
  await page.goto("/studio/account/export");
  await expect(page.getByRole("heading", { name: "Export", level: 1 })).toBeVisible();
  await expect(page.getByText("No export yet.")).toBeVisible();
  await page.getByRole("button", { name: "Start export" }).click();
  // The button waits while it runs (one export at a time), and the page follows it to the end.
  await expect(page.getByRole("button", { name: "Start export" })).toBeDisabled();
  await expect(page.getByText("Your export is ready.")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("button", { name: "Start export" })).toBeEnabled();
  await expect(page.getByTestId("studio-export")).toContainText(/Available until \w{3} \d{1,2}, \d{4}/);
  await page.screenshot({ path: "test-results/export-ready.png" });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^vidfolio-export-.+\.zip$/);
  const file = path.join(root, ".data", "e2e", `export-${studio.id}.zip`);
  await download.saveAs(file);
  expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toMatch(/No errors detected/);
  const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter(Boolean);
  expect(names).toEqual(
    expect.arrayContaining([
      "galleries/Weddings/Emma & James/Ceremony.mp4",
      "galleries/Weddings/Emma & James/Ceremony (2).mp4",
      "galleries/Weddings/Emma & James/Ceremony.thumbnail.jpg",
      "vidfolio-export.json",
    ]),
  );
  // The studio was told by mail.
  expect(await db().mailMessage.count({ where: { to: studio.email, subject: "Your Vidfolio export is ready" } })).toBe(1);

  // The same ZIP brought into another, empty studio from its account page: uploaded to the store,
  // imported by the worker, charged as an upload; its gallery then opens in the studio, its films
  // processed by the worker as uploads are (the films' thumbnails are made again, not imported).
  const other = await createAccount({ creditBytes: BigInt(500 * 1048576) });
  await page.context().clearCookies();
  await signInByApi(page, other.email);
  await page.goto("/studio/account/export");
  await page.getByTestId("studio-import").locator('input[type="file"]').setInputFiles(file);
  await expect(page.getByTestId("import-done")).toHaveText(/Imported 1 gallery, 2 videos and 2 files\./, { timeout: 60_000 });
  await page.screenshot({ path: "test-results/import-done.png" });
  // The gallery's delivery link was taken by the first studio: the import gave it another.
  await expect(page.getByTestId("import-done")).toContainText(`The link ${gallery.customUrl} was taken: that gallery is at ${gallery.customUrl}-2.`);
  const imported = await db().gallery.findFirstOrThrow({ where: { adminId: other.id }, include: { videos: true } });
  expect(imported).toMatchObject({ name: "Emma & James", customUrl: `${gallery.customUrl}-2` });
  expect(imported.videos.map((v) => v.title).sort()).toEqual(["Ceremony", "Ceremony"]);
  // Probed by the worker: READY with the clip's own 30 s (the source said 30 too), views from 0.
  await expect
    .poll(async () => (await db().video.findMany({ where: { adminId: other.id } })).map((v) => [v.status, Math.round(v.durationSec ?? 0), v.views]), { timeout: 90_000 })
    .toEqual([
      ["READY", 30, 0],
      ["READY", 30, 0],
    ]);
  expect(await db().creditEntry.count({ where: { adminId: other.id, type: "used" } })).toBe(1);
  fs.rmSync(file);
});
