// Several instances (issue #11): two app instances (the production build, `npm start`) and two
// workers (`npm run worker`) on one PostgreSQL and one store, with a studio's requests sent to
// both in turn. Shows that a session made on one is valid on the other, that a gallery page
// cached on both is fresh on both right after a save on either (and after a worker finishes a
// video), and that every queued job is processed exactly once, its log lines joined to the
// request that queued it. Runs after the other browser tests, beside processing.spec.ts (its own
// database and store: they share nothing; playwright.config.ts).
import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { expect, request as http, test, type APIRequestContext } from "@playwright/test";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client";
import { DEMO } from "./support";
import { freePort, startPostgresProcess, startS3Process, type Service } from "../helpers/services";
import { clipArgs } from "../helpers/test-clip";

const root = path.resolve(__dirname, "../..");
const dir = path.join(root, ".data", "scale-out");
const SECRET = "scale-out-secret-0123456789abcdef";
const VIDEOS = 8;

type LogLine = { msg?: string; queue?: string; jobId?: string; videoId?: string; requestId?: string; [field: string]: unknown };
type Instance = { name: string; url: string; child: ChildProcess; lines: LogLine[]; said: string };

let pg: Service;
let s3: Service;
let db: PrismaClient;
let env: NodeJS.ProcessEnv;
const apps: Instance[] = [];
const workers: Instance[] = [];

/** Starts a process, keeping its JSON log lines (and echoing anything that is not JSON on failure). */
function start(name: string, command: string, args: string[], extra: Record<string, string>, url = ""): Instance {
  const child = spawn(command, args, { cwd: root, env: { ...env, ...extra } as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  const inst: Instance = { name, url, child, lines: [], said: "" };
  let buf = "";
  const take = (chunk: Buffer) => {
    buf += String(chunk);
    let i: number;
    while ((i = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (!line.startsWith("{")) inst.said += `${line}\n`;
      else {
        try {
          inst.lines.push(JSON.parse(line) as LogLine);
        } catch {
          // a line that only looks like JSON
        }
      }
    }
  };
  child.stdout.on("data", take);
  child.stderr.on("data", (c: Buffer) => process.env.SCALE_OUT_VERBOSE && process.stderr.write(`[${name}] ${c}`));
  return inst;
}

async function healthy(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become healthy`);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fs.rmSync(dir, { recursive: true, force: true });
  [pg, s3] = await Promise.all([startPostgresProcess(path.join(dir, "postgres"), await freePort(), "vidfolio_scale"), freePort().then((port) => startS3Process(path.join(dir, "s3"), port))]);
  const [portA, portB] = [await freePort(), await freePort()];
  env = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    ...pg.env,
    ...s3.env,
    AUTH_SECRET: SECRET,
    // Both instances sit behind one public address, as they would behind a load balancer.
    APP_URL: `http://localhost:${portA}`,
    NEXTAUTH_URL: `http://localhost:${portA}`,
    START_WORKER: "false",
    RATE_LIMIT_PER_MINUTE: "1000",
    LOG_LEVEL: "info",
    HLS_LADDER: "360",
  };
  // The first applies the migrations and seeds; once it has (it says so before its server starts),
  // the second and the two workers start together (they find the database ready).
  // Each instance can have its wall clock stepped while it runs (tests/helpers/clock-step.cjs), as a
  // long-running host's is by NTP or a resumed virtual machine: the condition that delayed saves (issue 55).
  const app = (name: string, port: number) =>
    start(
      name,
      process.execPath,
      ["scripts/launch.mjs", "start"],
      { PORT: String(port), VIDFOLIO_SERVICE: name, NODE_OPTIONS: `--require ${path.join(root, "tests/helpers/clock-step.cjs")}`, VIDFOLIO_CLOCK_STEP_FILE: clockStepFile(name) },
      `http://localhost:${port}`,
    );
  apps.push(app("app-a", portA));
  await expect.poll(() => apps[A].said.includes("Vidfolio (start) on") || apps[A].child.exitCode !== null, { timeout: 120_000 }).toBe(true);
  apps.push(app("app-b", portB));
  for (const name of ["worker-1", "worker-2"]) {
    workers.push(start(name, path.join(root, "node_modules", ".bin", "tsx"), ["--tsconfig", "tsconfig.worker.json", "scripts/worker.ts"], { VIDFOLIO_SERVICE: name }));
  }
  await Promise.all([healthy(apps[A].url), healthy(apps[B].url)]);
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.env.DATABASE_URL }) });
  await expect.poll(() => workers.every((w) => w.lines.some((l) => l.msg === "worker running")), { timeout: 60_000 }).toBe(true);
});

test.afterAll(async () => {
  const exited = (c: ChildProcess) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)));
  for (const p of [...workers, ...apps]) p.child.kill("SIGTERM");
  await Promise.all([...workers, ...apps].map((p) => Promise.race([exited(p.child), new Promise((r) => setTimeout(r, 15_000))])));
  await db?.$disconnect();
  await s3?.stop().catch(() => {});
  await pg?.stop().catch(() => {});
});

const [A, B] = [0, 1];
let slug = "";
const clockStepFile = (name: string) => path.join(dir, `clock-step-${name}`);

/** A gallery of the demo studio of its own (a fresh address: no page of it is cached anywhere yet). */
async function scaleGallery() {
  if (!slug) {
    const demo = await db.gallery.findFirstOrThrow({ where: { customUrl: "emma-and-james" } });
    slug = `scale-out-${Date.now()}`;
    await db.gallery.create({ data: { name: "Scale out", title: "Scale out", folderId: demo.folderId, adminId: demo.adminId, customUrl: slug } });
  }
  return db.gallery.findUniqueOrThrow({ where: { customUrl: slug } });
}
async function bearer(ctx: APIRequestContext, app: Instance) {
  const res = await ctx.post(`${app.url}/api/admin/login`, { data: { email: DEMO.email, password: DEMO.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test("a session made on one instance is valid on the other, bearer and cookie alike", async () => {
  const ctx = await http.newContext();
  const token = await bearer(ctx, apps[A]);
  const onB = await ctx.get(`${apps[B].url}/api/admin/admin-details`, { headers: { authorization: `Bearer ${token}` } });
  expect(onB.status()).toBe(200);
  expect(((await onB.json()) as { admin: { email: string } }).admin.email).toBe(DEMO.email);

  // The browser sign-in (next-auth's form) on B; its cookie then works on A.
  const { csrfToken } = (await (await ctx.get(`${apps[B].url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signIn = await ctx.post(`${apps[B].url}/api/auth/callback/credentials`, { form: { csrfToken, email: DEMO.email, password: DEMO.password, json: "true" }, maxRedirects: 0 });
  expect(signIn.status()).toBeLessThan(400);
  const session = (await (await ctx.get(`${apps[A].url}/api/auth/session`)).json()) as { user?: { email?: string } };
  expect(session.user?.email).toBe(DEMO.email);
  expect((await ctx.get(`${apps[A].url}/api/admin/admin-details`)).status()).toBe(200);
  expect((await ctx.get(`${apps[A].url}/studio/galleries`, { maxRedirects: 0 })).status()).toBe(200);
  await ctx.dispose();
});

test("a gallery page cached on both instances is fresh on both right after a save on either", async () => {
  const ctx = await http.newContext();
  const token = await bearer(ctx, apps[A]);
  const gallery = await scaleGallery();
  const page = async (app: Instance) => {
    const res = await ctx.get(`${app.url}/g/${gallery.customUrl}`);
    expect(res.status()).toBe(200);
    return { html: await res.text(), cache: res.headers()["x-nextjs-cache"], front: res.headers()["x-front-cache"] };
  };
  // Cached on both, down to the production server's memory (server/server.mjs: the front cache).
  for (const app of apps) await expect.poll(async () => (await page(app)).front).toBe("hit");
  for (const [saveOn, title] of [
    [A, "Scale & out, saved on A"],
    [B, "Scale & out, saved on B"],
  ] as const) {
    const saved = await ctx.put(`${apps[saveOn].url}/api/galleries/update-gallery-title`, { headers: { authorization: `Bearer ${token}` }, data: { galleryId: gallery.id, title } });
    expect(saved.status()).toBe(200);
    // Straight after the answer, without waiting: both instances show the new title.
    for (const app of [apps[B], apps[A]]) expect((await page(app)).html).toContain(title.replace("&", "&amp;"));
    // And cache it again.
    for (const app of apps) await expect.poll(async () => (await page(app)).front).toBe("hit");
  }
  await ctx.dispose();
});

test("with each instance's wall clock stepped (one 15 s ahead, one 15 s back), every save reaches every spelling of the page on both within 1 s", async () => {
  test.setTimeout(120_000);
  const ctx = await http.newContext();
  const token = await bearer(ctx, apps[A]);
  const auth = { authorization: `Bearer ${token}` };
  const demo = await db.gallery.findFirstOrThrow({ where: { customUrl: "emma-and-james" } });
  const domain = "films.clock-step.example";
  await db.admin.update({ where: { id: demo.adminId }, data: { domainUrl: domain } });
  const gallery = await db.gallery.create({ data: { name: "Clock", title: "Clock", folderId: demo.folderId, adminId: demo.adminId, customUrl: `clock-step-${Date.now()}` } });
  const film = (title: string) =>
    db.video.create({
      data: { title, storageKey: `${gallery.adminId}/${gallery.folderId}/${gallery.id}/${title}.mp4`, sizeBytes: BigInt(1000), galleryId: gallery.id, adminId: gallery.adminId, status: "READY" },
    });
  const [first, second] = [await film("First-film-ClockStep"), await film("Second-film-ClockStep")];
  const added = await ctx.post(`${apps[A].url}/api/galleries/gallery/${gallery.id}/invites`, { headers: auth, data: { guests: [{ name: "Anna", email: "anna@clock-step.example" }] } });
  expect(added.status()).toBe(200);
  const invite = ((await added.json()) as { invites: { id: string; link: string }[] }).invites[0];
  const guestToken = new URL(invite.link).searchParams.get("k")!;

  // Every spelling of the page's address: its custom url, its id, its id in capitals (redirected to
  // the one address), and the studio's own domain.
  const spellings: { path: string; host?: string }[] = [
    { path: `/g/${gallery.customUrl}` },
    { path: `/g/${gallery.id}` },
    { path: `/g/${gallery.id.toUpperCase()}` },
    { path: `/${gallery.customUrl}`, host: domain },
  ];
  const read = (app: Instance, s: { path: string; host?: string }) =>
    new Promise<{ status: number; html: string; front?: string }>((resolve, reject) => {
      const get = (p: string, hops: number) =>
        httpRequest(`${app.url}${p}`, { headers: s.host ? { host: s.host } : {} }, (res) => {
          if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location && hops < 3) {
            res.resume();
            return void get(new URL(res.headers.location, app.url).pathname, hops + 1).end();
          }
          let html = "";
          res.on("data", (c: Buffer) => (html += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, html, front: res.headers["x-front-cache"] as string | undefined }));
        }).on("error", reject);
      get(s.path, 0).end();
    });
  /** Reads every spelling on both instances until each shows what it must, at most 1 s after the save answered. */
  async function everywhereWithin1s(shows: (html: string) => boolean, what: string) {
    const answeredAt = Date.now();
    for (const app of apps) {
      for (const s of spellings) {
        let page = await read(app, s);
        while (!(page.status === 200 && shows(page.html)) && Date.now() - answeredAt < 1000) page = await read(app, s);
        expect(page.status, `${what}: ${app.name} ${s.host ?? ""}${s.path}`).toBe(200);
        expect(shows(page.html), `${what}: ${app.name} ${s.host ?? ""}${s.path} after ${Date.now() - answeredAt} ms`).toBe(true);
      }
    }
  }
  /** Every spelling kept by both instances, down to their front caches. */
  async function cachedEverywhere() {
    for (const app of apps) for (const s of spellings) await expect.poll(async () => (await read(app, s)).front, { timeout: 15_000 }).toBe("hit");
  }

  await everywhereWithin1s((h) => h.includes(first.title) && h.includes(second.title), "both films");
  await cachedEverywhere();
  // The condition found: the wall clock moved against each server process's monotonic clock while
  // it ran. Each instance's health says so (and that its invalidations still apply).
  fs.writeFileSync(clockStepFile("app-a"), "15000");
  fs.writeFileSync(clockStepFile("app-b"), "-15000");
  for (const app of apps) {
    const pageCache = async () => ((await (await fetch(`${app.url}/api/health`)).json()) as { pageCache: { ok: boolean; listening: boolean; clockStepMs: number } }).pageCache;
    await expect.poll(async () => Math.abs((await pageCache()).clockStepMs), { timeout: 10_000 }).toBeGreaterThan(14_000);
    expect(await pageCache()).toMatchObject({ ok: true, listening: true });
  }
  try {
    // A film deleted (on A): gone from every spelling, on both.
    expect((await ctx.delete(`${apps[A].url}/api/videos/deleteVideo/${first.id}`, { headers: auth })).status()).toBe(200);
    await everywhereWithin1s((h) => !h.includes(first.title) && h.includes(second.title), "film deleted");
    await cachedEverywhere();

    // A personal link revoked (on B): it opens nothing on either instance from the next request on.
    expect((await ctx.delete(`${apps[B].url}/api/galleries/gallery/${gallery.id}/invites/${invite.id}`, { headers: auth })).status()).toBe(200);
    for (const app of apps) expect((await ctx.post(`${app.url}/api/public/galleries/${gallery.customUrl}/guest`, { data: { token: guestToken } })).status()).toBe(403);

    // A price (on A): the page asks for it; marked paid by hand (on B): the page says paid, at once.
    // (No Pay to unlock here: it would queue preview jobs for these rows, whose files are not stored.)
    const priced = await ctx.put(`${apps[A].url}/api/galleries/gallery/${gallery.id}/price`, { headers: auth, data: { amount: 50000, currency: "eur", payToUnlock: false } });
    expect(priced.status()).toBe(200);
    await everywhereWithin1s((h) => h.includes('"paid":false'), "priced");
    await cachedEverywhere();
    expect((await ctx.post(`${apps[B].url}/api/galleries/gallery/${gallery.id}/mark-paid`, { headers: auth })).status()).toBe(200);
    await everywhereWithin1s((h) => h.includes('"paid":true') && !h.includes('"paid":false'), "marked paid");
    await cachedEverywhere();

    // Locked with a password (on A): the password form only, on every spelling, on both.
    expect((await ctx.put(`${apps[A].url}/api/galleries/gallery/${gallery.id}/access`, { headers: auth, data: { password: "clock-step-secret" } })).status()).toBe(200);
    await everywhereWithin1s((h) => !h.includes(second.title) && h.includes('type="password"'), "locked");
  } finally {
    fs.writeFileSync(clockStepFile("app-a"), "0");
    fs.writeFileSync(clockStepFile("app-b"), "0");
    await db.admin.update({ where: { id: demo.adminId }, data: { domainUrl: null } });
    await db.gallery.delete({ where: { id: gallery.id } });
    await ctx.dispose();
  }
});

test("every queued job is processed exactly once by one of the two workers, and the finished videos show on both instances", async () => {
  test.setTimeout(180_000);
  const ctx = await http.newContext();
  const token = await bearer(ctx, apps[A]);
  const gallery = await scaleGallery();

  // Clips that failed processing earlier (their files are in the store); the studio retries each,
  // alternately through A and B.
  const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const clip = path.join(dir, "clip.mp4");
  execFileSync(ffmpeg, ["-y", "-loglevel", "error", ...clipArgs(clip, { seconds: 2, size: "640x360" })]);
  const store = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION || "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  });
  const videos: { id: string }[] = [];
  for (let i = 1; i <= VIDEOS; i++) {
    const key = `${gallery.adminId}/${gallery.folderId}/${gallery.id}/scale-${i}.mp4`;
    await store.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: fs.readFileSync(clip), ContentType: "video/mp4" }));
    videos.push(
      await db.video.create({
        data: {
          title: `Scale clip ${i}`,
          storageKey: key,
          sizeBytes: BigInt(fs.statSync(clip).size),
          galleryId: gallery.id,
          adminId: gallery.adminId,
          status: "FAILED",
          failureReason: "earlier failure",
        },
      }),
    );
  }
  // The public page, cached on both (a retry changes nothing it shows), shows none of them yet: only
  // the worker's invalidation can make the final check below fresh.
  for (const app of apps) {
    await expect.poll(async () => (await ctx.get(`${app.url}/g/${gallery.customUrl}`)).headers()["x-nextjs-cache"]).toBe("HIT");
    expect(await (await ctx.get(`${app.url}/g/${gallery.customUrl}`)).text()).not.toContain("Scale clip 1");
  }

  const requestIds = new Map<string, string>();
  for (const [i, v] of videos.entries()) {
    const res = await ctx.post(`${apps[i % 2].url}/api/videos/retryVideo/${v.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    requestIds.set(v.id, res.headers()["x-request-id"]);
  }
  // READY comes with the stream copy (playable first); the job goes on to the ladder. Done is READY
  // with the ladder, and the job's own "job done" line, logged as its handler returns.
  await expect.poll(async () => db.video.count({ where: { id: { in: videos.map((v) => v.id) }, status: "READY", optimizing: false } }), { timeout: 150_000, intervals: [1000] }).toBe(VIDEOS);
  const doneLines = () => workers.flatMap((w) => w.lines.filter((l) => l.msg === "job done" && l.queue === "video-process").map((l) => ({ ...l, worker: w.name })));
  await expect.poll(() => doneLines().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(VIDEOS);
  const done = doneLines();
  const jobIds = done.map((l) => l.jobId);
  expect(new Set(jobIds).size).toBe(jobIds.length); // no job twice
  expect(done.map((l) => l.videoId).sort()).toEqual(videos.map((v) => v.id).sort()); // each video once
  expect(workers.flatMap((w) => w.lines.filter((l) => String(l.msg).startsWith("job failed")))).toEqual([]);
  const rows = await db.$queryRaw<{ id: string; state: string; retry_count: number }[]>`SELECT id::text, state::text, retry_count FROM pgboss.job WHERE name = 'video-process'`;
  expect(rows).toHaveLength(VIDEOS);
  expect(rows.every((r) => r.state === "completed" && r.retry_count === 0)).toBe(true);
  // Each job's lines carry the id of the request that queued it, on whichever instance it came in.
  for (const line of done) expect(line.requestId).toBe(requestIds.get(String(line.videoId)));
  test.info().annotations.push({ type: "jobs per worker", description: workers.map((w) => `${w.name}: ${done.filter((d) => d.worker === w.name).length}`).join(", ") });

  // The worker's invalidation reached both instances: the page shows every clip, fresh.
  for (const app of apps) {
    const html = await (await ctx.get(`${app.url}/g/${gallery.customUrl}`)).text();
    for (let i = 1; i <= VIDEOS; i++) expect(html).toContain(`Scale clip ${i}`);
  }
  await ctx.dispose();
});

test("an instance started with FRONT_CACHE=false serves every page through Next.js, and SIGTERM lets the request it is serving finish", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const third = start("app-c", process.execPath, ["scripts/launch.mjs", "start"], { PORT: String(port), VIDFOLIO_SERVICE: "app-c", FRONT_CACHE: "false" }, url);
  let exitedAt = 0;
  const exited = new Promise<number | null>((r) => third.child.once("exit", (code) => ((exitedAt = Date.now()), r(code))));
  try {
    await healthy(url);
    const gallery = await scaleGallery();
    // Next.js's own cache still answers (HIT), but never the front cache: no x-front-cache at all.
    await expect.poll(async () => (await fetch(`${url}/g/${gallery.customUrl}`)).headers.get("x-nextjs-cache")).toBe("HIT");
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/g/${gallery.customUrl}`)).headers.has("x-front-cache")).toBe(false);

    // A sign-in whose body is still arriving when the process is told to stop: it is answered in
    // full, new connections are refused, and the process (launch.mjs and its server) ends cleanly.
    const answer = new Promise<{ status: number; body: string; answeredAt: number }>((resolve, reject) => {
      const body = JSON.stringify({ email: DEMO.email, password: DEMO.password });
      const req = httpRequest(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, answeredAt: Date.now() }));
      });
      req.on("error", reject);
      req.write(body.slice(0, 10));
      // The handler is waiting for the rest of the body when SIGTERM arrives.
      setTimeout(() => {
        third.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 700);
      }, 1000);
    });
    const { status, body, answeredAt } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toHaveProperty("token");
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running"), 15_000))])).toBe(0);
    // launch.mjs waited for its server (it stops the embedded database and store, when it runs them, only then).
    expect(exitedAt).toBeGreaterThanOrEqual(answeredAt);
    // And ended with its last request, not at the server's 5 s hard stop (a kept-alive connection is closed once answered).
    expect(exitedAt - answeredAt).toBeLessThan(4000);
  } finally {
    if (third.child.exitCode === null) third.child.kill("SIGKILL");
  }
});
