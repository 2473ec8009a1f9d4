// Download all (issue 23, item 1) in Chromium against the production build: a viewer downloads a
// gallery whose titles collide and contain "/" as one ZIP made in the browser, once through the
// service worker's download (the browser's own download) and once into a file picked with the File
// System Access API (here a file of the origin's private file system); each ZIP passes `unzip -t`,
// holds every film byte for byte as stored, with its chapters beside it, under unique safe names;
// every film counts once as a download; the films' bytes come from the store, never the app.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createHash } from "node:crypto";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { expect, test, type Page } from "@playwright/test";
import { en } from "../../lib/viewer-i18n/en";
import { db, seedGallery, seedReadyVideo, signInNewStudio, store } from "./support";

const port = Number(process.env.E2E_PORT || 3100);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function stored(key: string): Promise<Buffer> {
  const { s3, env } = store();
  const res = await s3.send(new GetObjectCommand({ Bucket: env.S3_BUCKET, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

async function seed(page: Page) {
  const studio = await signInNewStudio(page);
  const { folder, gallery } = await seedGallery(studio.id);
  const films = [];
  for (const title of ["Ceremony", "ceremony", "Party / Dance"]) films.push(await seedReadyVideo(studio.id, folder.id, gallery.id, title));
  await db().chapter.create({ data: { videoId: films[0].id, title: "Vows", cueSeconds: 5 } });
  return { gallery, films };
}

/** `unzip -t` passes; the names, and each film's bytes as stored. */
async function checkZip(file: string, films: { id: string; storageKey: string }[]) {
  const tested = execFileSync("unzip", ["-t", file], { encoding: "utf8" });
  expect(tested).toMatch(/No errors detected/);
  const names = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n").sort();
  expect(
    names
      .filter((n) => n.endsWith(".mp4"))
      .map((n) => n.toLowerCase())
      .sort(),
  ).toEqual(["ceremony (2).mp4", "ceremony.mp4", "party - dance.mp4"]);
  expect(names.filter((n) => !n.endsWith(".mp4"))).toEqual([expect.stringMatching(/^[Cc]eremony( \(2\))?\.chapters\.vtt$/)]);
  const chapters = names.find((n) => n.endsWith(".chapters.vtt"))!;
  expect(execFileSync("unzip", ["-p", file, chapters], { encoding: "utf8" })).toMatch(/^WEBVTT[\s\S]*Vows/);
  const bytes = (name: string) => execFileSync("unzip", ["-p", file, name], { maxBuffer: 64 * 1024 * 1024 });
  const inZip = new Set(names.filter((n) => n.endsWith(".mp4")).map((n) => sha(bytes(n))));
  for (const f of films) expect(inZip.has(sha(await stored(f.storageKey)))).toBe(true);
}

async function startDownloadAll(viewer: Page) {
  await viewer.getByRole("button", { name: en.gallery.download }).first().click();
  await viewer.getByTestId("download-all-item").click();
}

test("a viewer downloads every film as one ZIP through the browser's own download (service worker)", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { gallery, films } = await seed(page);
  const context = await browser.newContext({ acceptDownloads: true });
  const viewer = await context.newPage();
  // A browser without the file picker (as Firefox and Safari): the service worker's download.
  await viewer.addInitScript(() => Object.defineProperty(window, "showSaveFilePicker", { value: undefined }));
  const appRequests: string[] = [];
  viewer.on("request", (r) => {
    const u = new URL(r.url());
    if (u.port === String(port) && u.pathname.startsWith("/api/public/")) appRequests.push(u.pathname);
  });
  await viewer.goto(`/g/${gallery.customUrl}`);
  await expect(viewer.getByTestId("gallery-title")).toBeVisible();
  const downloading = viewer.waitForEvent("download");
  await startDownloadAll(viewer);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${gallery.title}.zip`);
  const file = test.info().outputPath("all.zip");
  await download.saveAs(file);
  await expect(viewer.getByTestId("download-all")).toHaveAttribute("data-phase", "done");
  await expect(viewer.getByTestId("download-all-status")).toHaveText(en.downloadAll.done);
  await viewer.screenshot({ path: test.info().outputPath("download-all-done.png") });
  await checkZip(file, films);
  // The films came through their download doors (each a redirect), never as bytes of the app.
  for (const f of films) expect(appRequests).toContain(`/api/public/download/${f.id}`);
  // Each film counted once as a download for the studio.
  await expect.poll(async () => (await db().filmStat.findMany({ where: { videoId: { in: films.map((f) => f.id) } } })).map((s) => s.downloads).sort(), { timeout: 30_000 }).toEqual([1, 1, 1]);
  await context.close();
});

test("a viewer saves the ZIP into a file picked with the File System Access API, watching its progress", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { gallery, films } = await seed(page);
  const context = await browser.newContext();
  const viewer = await context.newPage();
  // The picker answers a file of the origin's private file system (no dialog in a headless browser).
  await viewer.addInitScript(() => {
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async ({ suggestedName }: { suggestedName: string }) => {
      (window as unknown as { picked: string }).picked = suggestedName;
      const dir = await navigator.storage.getDirectory();
      return dir.getFileHandle(suggestedName, { create: true });
    };
  });
  await viewer.goto(`/g/${gallery.customUrl}`);
  await startDownloadAll(viewer);
  const panel = viewer.getByTestId("download-all");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("progressbar")).toBeAttached();
  await expect(panel).toHaveAttribute("data-phase", "done", { timeout: 60_000 });
  const name = await viewer.evaluate(() => (window as unknown as { picked: string }).picked);
  expect(name).toBe(`${gallery.title}.zip`);
  const base64 = await viewer.evaluate(async (n) => {
    const file = await (await (await navigator.storage.getDirectory()).getFileHandle(n)).getFile();
    const bytes = new Uint8Array(await file.arrayBuffer());
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }, name);
  const file = test.info().outputPath("picked.zip");
  fs.writeFileSync(file, Buffer.from(base64, "base64"));
  await checkZip(file, films);
  // The panel's Close takes it away.
  await panel.getByRole("button", { name: en.downloadAll.close }).click();
  await expect(panel).toHaveCount(0);
  await context.close();
});

test("a file that refuses the ZIP (a full disk) stops the download with that reason, not a film's", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { gallery } = await seed(page);
  const context = await browser.newContext();
  const viewer = await context.newPage();
  // The disk is full: the picked file refuses the ZIP's first write (the whole of this small gallery's ZIP: 8 MB at a time).
  await viewer.addInitScript(() => {
    (window as unknown as { showSaveFilePicker: unknown }).showSaveFilePicker = async () => ({
      createWritable: async () => {
        return new WritableStream({
          write() {
            throw new DOMException("The disk is full.", "QuotaExceededError");
          },
        });
      },
    });
  });
  await viewer.goto(`/g/${gallery.customUrl}`);
  await startDownloadAll(viewer);
  const panel = viewer.getByTestId("download-all");
  await expect(panel).toHaveAttribute("data-phase", "failed", { timeout: 60_000 });
  await expect(panel).toContainText(en.downloadAll.writeFailed);
  await context.close();
});
