// The demo studio's content for the site's screenshots (scripts/site-shots.ts): films, a review, a
// second version and a paid-lock gallery, made on a running app through its own doors, as the studio
// and its guests' browsers make them (uploads in parts to the store, the worker processing them,
// comments and decisions by the guests' personal links). Only lookups read the database.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { path as ffmpeg } from "@ffmpeg-installer/ffmpeg";
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import type { PrismaClient } from "../generated/prisma/client";
import { DEMO_STUDIO } from "../prisma/seed";

/** A door's answer, or an error that says which door refused and why. */
export async function call<T = unknown>(req: APIRequestContext, method: string, url: string, data?: unknown): Promise<T> {
  const res = await req.fetch(url, { method, data, headers: data === undefined ? undefined : { "content-type": "application/json" } });
  if (!res.ok()) throw new Error(`${method} ${url} answered ${res.status()}: ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Signs the context in as the demo studio through next-auth's credentials door (what the sign-in form posts). */
export async function signInStudio(context: BrowserContext): Promise<void> {
  const { csrfToken } = await call<{ csrfToken: string }>(context.request, "GET", "/api/auth/csrf");
  const res = await context.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: DEMO_STUDIO.email, password: DEMO_STUDIO.password, role: "admin", json: "true" },
    maxRedirects: 0,
  });
  if (res.status() >= 400 || !(await context.cookies()).some((c) => c.name.includes("session-token"))) throw new Error(`the demo studio's sign-in was refused: ${res.status()}`);
}

/**
 * The demo films: a sunset over a lake drawn by ffmpeg (no footage ships with the project), 10 s at
 * 720p. The first cut is graded cool, the second warm, so a comparison shows what changed; the
 * highlights are the same lake mirrored, at dusk.
 */
function makeFilms(dir: string): { v1: string; v2: string; highlights: string } {
  const base = path.join(dir, "lake.mp4");
  const yr = "if(lt(Y,H*0.62),Y,H*1.24-Y+5*sin(Y/2+T*5))";
  const g = `(${yr}/(H*0.62))`;
  const sun = `exp(-(pow(X-W*(0.32+0.015*T),2)+pow(${yr}-H*0.54,2))/(W*W*0.004))`;
  const water = "if(lt(Y,H*0.62),1,0.55)";
  const channel = (a: number, b: number, p: number, s: number) => `min(255,${water}*(255*(${a}${b < 0 ? "" : "+"}${b}*pow(${g},${p}))+${s}*${sun}))`;
  const geq = `geq=r='${channel(0.12, 0.88, 1.5, 255)}':g='${channel(0.08, 0.52, 2.2, 235)}':b='${channel(0.32, -0.22, 1.2, 170)}'`;
  const run = (args: string[]) => execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...args]);
  const encode = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "24", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-movflags", "+faststart"];
  if (!fs.existsSync(base)) {
    run(["-f", "lavfi", "-i", `nullsrc=s=480x270:d=10:r=25,format=rgb24,${geq},scale=1280:720,format=yuv420p`, "-f", "lavfi", "-i", "sine=frequency=196:duration=10", ...encode, base]);
  }
  const graded = (name: string, filter: string) => {
    const out = path.join(dir, name);
    if (!fs.existsSync(out)) run(["-i", base, "-vf", filter, ...encode, out]);
    return out;
  };
  return {
    v1: graded("wedding-v1.mp4", "colorchannelmixer=rr=0.8:gg=0.95:bb=1.2,eq=saturation=0.7"),
    v2: graded("wedding-v2.mp4", "eq=saturation=1.15"),
    highlights: graded("highlights.mp4", "hflip,hue=h=-25,eq=brightness=-0.06"),
  };
}

/** Uploads `file` into the gallery through the upload doors, as the studio's browser does (a new version of `replaceVideoId` when given, the current one kept). */
async function upload(req: APIRequestContext, galleryId: string, file: string, title: string, replaceVideoId?: string): Promise<string> {
  const bytes = fs.readFileSync(file);
  const q = new URLSearchParams({ fileName: `${title.replace(/\W+/g, "_")}.mp4`, fileType: "video/mp4", fileSize: String(bytes.length), galleryId });
  if (replaceVideoId) {
    q.set("replaceVideoId", replaceVideoId);
    q.set("keepPrevious", "true");
  }
  const started = await call<{ uploadId: string; fileName: string; partSize: number; partCount: number }>(req, "POST", `/api/products/start-multipart-upload?${q}`);
  const parts = [];
  for (let n = 1; n <= started.partCount; n++) {
    const { url } = await call<{ url: string }>(req, "GET", `/api/products/get-part-url?${new URLSearchParams({ fileName: started.fileName, uploadId: started.uploadId, partNumber: String(n) })}`);
    const put = await fetch(url, { method: "PUT", body: bytes.subarray((n - 1) * started.partSize, n * started.partSize) });
    if (!put.ok) throw new Error(`the store refused part ${n}: ${put.status}`);
    parts.push({ ETag: put.headers.get("etag")!, PartNumber: n });
  }
  const done = await call<{ video: { id?: string; _id?: string } }>(req, "POST", "/api/products/complete-multipart-upload", { fileName: started.fileName, uploadId: started.uploadId, parts, title });
  return (done.video.id ?? done.video._id)!;
}

/** A frame of `film` at `at` seconds, as a JPEG for a gallery's background image. */
function frameOf(film: string, dir: string, name: string, at: number): string {
  const out = path.join(dir, name);
  if (!fs.existsSync(out)) execFileSync(ffmpeg, ["-y", "-loglevel", "error", "-ss", String(at), "-i", film, "-frames:v", "1", "-q:v", "3", out]);
  return out;
}

/** Uploads `image` as the gallery's background through the presigned upload door, as the Background panel does. */
async function setBackground(req: APIRequestContext, gallery: { id: string; folderId: string }, image: string): Promise<void> {
  const bytes = fs.readFileSync(image);
  const q = new URLSearchParams({ folderPath: `${gallery.folderId}/${gallery.id}`, fileName: path.basename(image), fileType: "image/jpeg", fileSize: String(bytes.length) });
  const signed = await call<{ upload_url: string; fileName: string; headers: Record<string, string> }>(req, "POST", `/api/products/generate-presigned-url?${q}`);
  const put = await fetch(signed.upload_url, { method: "PUT", body: bytes, headers: signed.headers });
  if (!put.ok) throw new Error(`the store refused the background image: ${put.status}`);
  await call(req, "PUT", `/api/galleries/gallery/${gallery.id}/background`, { imgUrl: signed.fileName });
}

/** Waits until the worker has made the film's whole ladder (and, for a paid-lock gallery, its watermarked preview). */
async function processed(db: PrismaClient, videoId: string, { preview = false, version }: { preview?: boolean; version?: number } = {}): Promise<void> {
  const until = Date.now() + 5 * 60_000;
  for (;;) {
    const v = await db.video.findUniqueOrThrow({ where: { id: videoId } });
    if (v.status === "FAILED") throw new Error(`the worker could not process ${v.title}`);
    if (v.status === "READY" && v.hlsKey && !v.optimizing && (!version || v.version === version) && (!preview || v.previewKey)) return;
    if (Date.now() > until) throw new Error(`${v.title} was not processed within 5 minutes (status ${v.status}); is the worker running?`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A guest's browser, let in by their personal link's token (what opening the link does). */
async function guestContext(browser: Browser, baseURL: string, slug: string, link: string, viewport = { width: 1200, height: 750 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport, locale: "en-US" });
  const token = new URL(link).searchParams.get("k");
  if (!token) throw new Error(`a personal link without its token: ${link}`);
  await call(context.request, "POST", `/api/public/galleries/${slug}/guest`, { token, language: "en" });
  return context;
}

export type DemoContent = {
  review: { slug: string; galleryId: string; filmId: string; filmTitle: string; highlightsId: string; emmaLink: string };
  paid: { slug: string; galleryId: string; filmTitle: string };
};

const WEDDING = "Wedding film";
const HIGHLIGHTS = "Highlights";
const PAID_FILM = "Ceremony";

/**
 * The demo studio's galleries as the screenshots show them:
 * - "Emma & James" (seeded) in review: the wedding film on its version 2 (changes were requested on
 *   v1), with the couple's time-coded comments on v2 (one with a drawing) and the studio's reply; the
 *   highlights approved by both.
 * - "Sofia & Marc": priced, Pay to unlock, a deposit received, the studio's watermark on its previews.
 */
export async function makeDemoContent(opts: { browser: Browser; baseURL: string; db: PrismaClient; studio: BrowserContext; workDir: string }): Promise<DemoContent> {
  const { browser, baseURL, db, studio, workDir } = opts;
  const req = studio.request;
  const films = makeFilms(workDir);
  const admin = await db.admin.findUniqueOrThrow({ where: { email: DEMO_STUDIO.email } });
  const gallery = await db.gallery.findFirstOrThrow({ where: { adminId: admin.id, customUrl: "emma-and-james" } });
  const slug = gallery.customUrl!;

  // The couple review and approve.
  await call(req, "PUT", `/api/galleries/gallery/${gallery.id}/review`, { mode: "review", unlockOnApproval: true, revisionRounds: 2 });
  await setBackground(req, gallery, frameOf(films.v2, workDir, "emma-cover.jpg", 6));
  const invites = await call<{ invites: { name: string; link: string | null }[] }>(req, "POST", `/api/galleries/gallery/${gallery.id}/invites`, {
    guests: [
      { name: "Emma Laurent", email: "emma@example.com" },
      { name: "James Carter", email: "james@example.com" },
    ],
    mayComment: true,
    mayApprove: true,
  });
  const linkOf = (name: string) => invites.invites.find((i) => i.name === name)?.link ?? fail(`no link for ${name}`);
  const emma = await guestContext(browser, baseURL, slug, linkOf("Emma Laurent"));
  const james = await guestContext(browser, baseURL, slug, linkOf("James Carter"));
  const g = `?g=${slug}`;

  const wedding = await upload(req, gallery.id, films.v1, WEDDING);
  const highlights = await upload(req, gallery.id, films.highlights, HIGHLIGHTS);
  await processed(db, wedding);
  await processed(db, highlights);
  await call(emma.request, "PUT", `/api/public/approval/${wedding}${g}`, { decision: "changes_requested", note: "Lovely! Could the colours be warmer, like the evening really was?", version: 1 });
  await call(emma.request, "PUT", `/api/public/approval/${highlights}${g}`, { decision: "approved", version: 1 });
  await call(james.request, "PUT", `/api/public/approval/${highlights}${g}`, { decision: "approved", version: 1 });

  // The second cut, the first kept; the couple comment on it.
  await upload(req, gallery.id, films.v2, WEDDING, wedding);
  await processed(db, wedding, { version: 2 });
  // A circle around the sun (at about a third of the width, just above the horizon).
  const circle = Array.from({ length: 32 }, (_, i) => [0.36 + 0.09 * Math.cos((i / 31) * 2 * Math.PI), 0.5 + 0.16 * Math.sin((i / 31) * 2 * Math.PI)] as [number, number]);
  const sunComment = await call<{ comment?: { id: string }; id?: string }>(emma.request, "POST", `/api/public/comments/${wedding}${g}`, {
    text: "Can we hold on the sun a little longer here?",
    time: 4,
    drawing: { shapes: [{ kind: "freehand", points: circle, color: "#f43f5e" }] },
    clientKey: randomUUID(),
  });
  await call(james.request, "POST", `/api/public/comments/${wedding}${g}`, { text: "The music could start softer.", time: 1, endTime: 3, clientKey: randomUUID() });
  const sunId = sunComment.comment?.id ?? sunComment.id ?? fail("no comment id");
  await call(req, "POST", `/api/videos/comments/${wedding}`, { text: "Yes, I'll add two seconds there.", parentId: sunId, clientKey: randomUUID() });
  await call(emma.request, "POST", `/api/public/comments/${wedding}${g}`, { text: "The colours are perfect now ❤️", time: 8, clientKey: randomUUID() });
  await emma.close();
  await james.close();

  // A paid-lock gallery: the studio's payment account, its watermark, the price.
  const folder = await db.folder.findFirstOrThrow({ where: { adminId: admin.id } });
  const created = await call<{ _id?: string; id?: string }>(req, "POST", "/api/galleries/create", { name: "Sofia & Marc", title: "Sofia & Marc", folderId: folder.id, templateId: gallery.templateId });
  const paidId = (created._id ?? created.id)!;
  await call(req, "PUT", "/api/galleries/update-gallery-title", { galleryId: paidId, subtitle: "September 6, 2026 · Lake Garda", customurl: "sofia-and-marc" });
  await setBackground(req, { id: paidId, folderId: folder.id }, frameOf(films.highlights, workDir, "sofia-cover.jpg", 3));
  const { url: connectUrl } = await call<{ url: string }>(req, "POST", "/api/payments/connect");
  const account = /local_acct_[0-9a-f]{24}/.exec(connectUrl)?.[0] ?? fail(`no test account in ${connectUrl}`);
  await call(req, "POST", `/api/payments/local/connect/${account}/complete`);
  await call(req, "PUT", "/api/payments/watermark", { text: "GOLDEN HOUR FILMS · PREVIEW", logo: false, position: "center", opacity: 60 });
  const paidFilm = await upload(req, paidId, films.v2, PAID_FILM);
  await processed(db, paidFilm);
  const due = new Date(Date.now() + 14 * 24 * 3600_000).toISOString().slice(0, 10);
  await call(req, "PUT", `/api/galleries/gallery/${paidId}/price`, { amount: 180000, currency: "usd", deposit: 50000, dueDate: due, payToUnlock: true });
  await processed(db, paidFilm, { preview: true });

  return {
    review: { slug, galleryId: gallery.id, filmId: wedding, filmTitle: WEDDING, highlightsId: highlights, emmaLink: linkOf("Emma Laurent") },
    paid: { slug: "sofia-and-marc", galleryId: paidId, filmTitle: PAID_FILM },
  };
}

function fail(message: string): never {
  throw new Error(message);
}
