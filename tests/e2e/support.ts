// Prepares accounts in the e2e server's database and signs in through the real forms.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { expect, type Page } from "@playwright/test";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client";
import { hashPassword } from "../../lib/auth/password";
import type { AdminStatus, Plan, Role } from "../../generated/prisma/enums";
import { clipArgs } from "../helpers/test-clip";
import { TEXTS } from "../../lib/texts";
import { SIGN_IN_PATHS } from "../../lib/routes";

export const PASSWORD = "e2e-password-123";
export const DEMO = { email: "studio@vidfolio.local", password: "studio-demo-123", name: "Demo Studio" };
export const SUPERADMIN = { email: "admin@vidfolio.local", password: "admin-demo-123" };

let client: PrismaClient | undefined;
export function db(): PrismaClient {
  if (!client) {
    const env = JSON.parse(fs.readFileSync(path.resolve(".data/e2e/env.json"), "utf8"));
    client = new PrismaClient({ adapter: new PrismaPg({ connectionString: env.DATABASE_URL }) });
  }
  return client;
}

/** The Argon2 hash of PASSWORD, made once per worker: every test account shares the password, and a hash costs a slow hash's time. */
let passwordHash: Promise<string> | undefined;

export async function createAccount(opts: { role?: Role; status?: AdminStatus; plan?: Plan; creditBytes?: bigint } = {}) {
  const id = randomUUID().slice(0, 8);
  return db().admin.create({
    data: {
      name: `E2E Studio ${id}`,
      email: `e2e-${id}@example.test`,
      passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
      role: opts.role ?? "admin",
      status: opts.status ?? "ACTIVE",
      plan: opts.plan ?? "ON_DEMAND",
      creditBytes: opts.creditBytes ?? BigInt(0),
    },
  });
}

/**
 * Signs in through a sign-in page's form. The form posts as HTML forms do (it has no script), so
 * the page it lands on is a fresh page load: this waits until it is back on the form with a
 * refusal, or on another page that React has hydrated (a key pressed before that does nothing).
 */
export async function signIn(page: Page, email: string, password: string, at = "/login") {
  await page.goto(at);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !SIGN_IN_PATHS.includes(url.pathname) || url.searchParams.has("error"));
  if (!SIGN_IN_PATHS.includes(new URL(page.url()).pathname)) await hydrated(page);
}

/** Waits until React has hydrated the page (it keeps its fiber on the elements it took over). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Array.from(document.querySelectorAll("body, body *")).some((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))));
}

export async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
}

/**
 * Signs the page's browser context in through next-auth's credentials door, posting what the sign-in
 * form posts (its CSRF token, email, password, role) without loading the form: the tests whose
 * subject is not signing in start a page load sooner. The form itself is driven by `signIn` (auth,
 * signup-admin and the super-admin tests).
 */
export async function signInByApi(page: Page, email: string, password = PASSWORD, role: "admin" | "superadmin" = "admin") {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, role, json: "true" }, maxRedirects: 0 });
  const cookies = await page.context().cookies();
  if (res.status() >= 400 || !cookies.some((c) => c.name.includes("session-token"))) throw new Error(`sign-in refused: ${res.status()} ${await res.text()}`);
}

/** A fresh studio, signed in, on its folder view (with `creditBytes` to upload with; none by default). */
export async function signInNewStudio(page: Page, opts: { creditBytes?: bigint } = {}) {
  const studio = await createAccount(opts);
  await signInByApi(page, studio.email);
  await page.goto("/studio/galleries");
  await expectPath(page, "/studio/galleries");
  return studio;
}

/** A folder with one gallery (default settings) for the studio, made straight in the database. */
export async function seedGallery(adminId: string, opts: { folderName?: string; galleryName?: string } = {}) {
  const id = randomUUID().slice(0, 8);
  const folder = await db().folder.create({ data: { name: opts.folderName ?? `Folder ${id}`, adminId } });
  const gallery = await db().gallery.create({
    data: {
      name: opts.galleryName ?? `Gallery ${id}`,
      title: `Title ${id}`,
      subtitle: "A subtitle",
      folderId: folder.id,
      adminId,
      customUrl: `e2e-${id}`,
    },
  });
  return { folder, gallery };
}

/** A short fast-start clip (H.264 + AAC) and a frame of it, made once per run with ffmpeg. */
export function clipFiles(): { clip: string; thumb: string } {
  const dir = path.resolve(".data/e2e");
  const clip = path.join(dir, "player-clip.mp4");
  const thumb = path.join(dir, "player-thumb.jpg");
  if (!fs.existsSync(clip) || !fs.existsSync(thumb)) {
    const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    const run = (args: string[]) => execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...args]);
    // Parallel workers may make it at once: each writes its own files, then renames them into place.
    const tmp = path.join(dir, `player-${process.pid}-${randomUUID().slice(0, 6)}`);
    run(clipArgs(`${tmp}.mp4`, { seconds: 30, size: "640x360", toneHz: 330, faststart: true }));
    run(["-ss", "5", "-i", `${tmp}.mp4`, "-frames:v", "1", "-vf", "scale=440:-2", `${tmp}.jpg`]);
    fs.renameSync(`${tmp}.jpg`, thumb);
    fs.renameSync(`${tmp}.mp4`, clip);
  }
  return { clip, thumb };
}

/** A 6 s small clip (fast-start H.264 + AAC) for uploads a test makes through the page, made once per run. */
export function shortClip(): string {
  const file = path.resolve(".data/e2e/short-clip.mp4");
  if (!fs.existsSync(file)) {
    const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    const tmp = `${file}-${process.pid}-${randomUUID().slice(0, 6)}.mp4`;
    execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...clipArgs(tmp, { seconds: 6, size: "320x180", toneHz: 440, faststart: true })]);
    fs.renameSync(tmp, file);
  }
  return file;
}

/** The e2e store, and its bucket. */
export function store() {
  const env = JSON.parse(fs.readFileSync(path.resolve(".data/e2e/env.json"), "utf8"));
  const s3 = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  return { s3, env };
}

/**
 * The state a worker publishes first for a source browsers play as it is (issue 20): READY with
 * its fast-start stream copy, no HLS ladder yet, still optimising.
 */
export async function publishStreamCopy(video: { id: string; storageKey: string }) {
  const { s3, env } = store();
  const streamKey = `${video.storageKey}.derived/stream.mp4`;
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: streamKey, Body: fs.readFileSync(clipFiles().clip), ContentType: "video/mp4" }));
  return db().video.update({ where: { id: video.id }, data: { streamKey, hlsKey: null, optimizing: true, processedAt: new Date() } });
}

/** A READY video (a real 30 s clip and thumbnail in the e2e store) in the gallery, made without the worker. */
export async function seedReadyVideo(adminId: string, folderId: string, galleryId: string, title = "Ceremony") {
  const { s3, env } = store();
  const { clip, thumb } = clipFiles();
  const id = randomUUID().slice(0, 8);
  const storageKey = `${adminId}/${folderId}/${galleryId}/clip_${id}.mp4`;
  const thumbnailKey = `${storageKey}.derived/thumb-500.jpg`;
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: storageKey, Body: fs.readFileSync(clip), ContentType: "video/mp4" }));
  await s3.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: thumbnailKey, Body: fs.readFileSync(thumb), ContentType: "image/jpeg" }));
  return db().video.create({
    data: {
      title,
      storageKey,
      thumbnailKey,
      sizeBytes: BigInt(fs.statSync(clip).size),
      durationSec: 30,
      width: 640,
      height: 360,
      status: "READY",
      galleryId,
      adminId,
      processedAt: new Date(),
    },
  });
}

/** An HLS ladder (one 360p variant) of the e2e clip, made once per run and stored under the video's key. */
export async function addLadder(video: { id: string; storageKey: string }) {
  const dir = path.resolve(".data/e2e/hls-ladder");
  if (!fs.existsSync(path.join(dir, "master.m3u8"))) {
    const tmp = `${dir}-${process.pid}`;
    fs.mkdirSync(tmp, { recursive: true });
    const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    execFileSync(ffmpeg, [
      "-y",
      "-loglevel",
      "error",
      "-i",
      path.resolve(".data/e2e/player-clip.mp4"),
      "-c",
      "copy",
      "-f",
      "hls",
      "-hls_time",
      "4",
      "-hls_playlist_type",
      "vod",
      "-hls_segment_filename",
      path.join(tmp, "360p_%03d.ts"),
      path.join(tmp, "360p.m3u8"),
    ]);
    fs.writeFileSync(path.join(tmp, "master.m3u8"), "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\n360p.m3u8\n");
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(tmp, dir);
  }
  const { s3, env } = store();
  const prefix = `${video.storageKey}.derived/hls/`;
  for (const f of fs.readdirSync(dir)) {
    await s3.send(
      new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: prefix + f, Body: fs.readFileSync(path.join(dir, f)), ContentType: f.endsWith(".ts") ? "video/mp2t" : "application/vnd.apple.mpegurl" }),
    );
  }
  await db().video.update({ where: { id: video.id }, data: { hlsKey: `${prefix}master.m3u8`, optimizing: false, processedAt: new Date() } });
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * Counts the page's requests in flight (every frame's) from now on: call it before the navigations
 * that `settle` waits after. Playwright's own "networkidle" can wait forever when the studio's
 * preview iframe navigates again after the page went idle (seen on CI), so the tests that let pages
 * settle count requests themselves.
 */
export function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  // The studio's live activity stream (the top bar's bell, on every studio page) stays open by design: not a request to wait for.
  page.on("request", (r) => !r.url().includes("/api/activity/live") && pending.add(r));
  page.on("requestfinished", (r) => pending.delete(r));
  page.on("requestfailed", (r) => pending.delete(r));
}

/** Waits until the page has had no request in flight for `quietMs` (at most `capMs`; a stream that never ends does not fail the test). */
export async function settle(page: Page, { quietMs = 500, capMs = 20_000 } = {}) {
  const pending = inFlight.get(page);
  if (!pending) throw new Error("settle(page) needs trackRequests(page) first");
  await page.waitForLoadState("load");
  const until = Date.now() + capMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The studio adds a guest in the gallery's Guests panel (with a review right, if named) and reads their personal link. */
export async function addGuestInPanel(page: Page, galleryId: string, guest: { name: string; email: string; right?: "mayComment" | "mayApprove" }) {
  await page.goto(`/studio/galleries/${galleryId}/guests`);
  const panel = page.getByTestId("guests-panel");
  await panel.getByLabel(TEXTS.guests.nameLabel).fill(guest.name);
  await panel.getByLabel(TEXTS.guests.emailLabel).fill(guest.email);
  if (guest.right) await panel.getByLabel(guest.right === "mayComment" ? TEXTS.guests.mayCommentLabel : TEXTS.guests.mayApproveLabel).check();
  await panel.getByRole("button", { name: TEXTS.guests.add }).last().click();
  const row = panel.getByTestId("guest-row").filter({ hasText: guest.email });
  return { panel, row, link: await row.getByTestId("guest-link").inputValue() };
}
