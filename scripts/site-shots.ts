// `npm run site:shots`: the marketing site's screenshots of the product (public/site/), made from
// the demo data so they stay true to the app. It runs the production build (built first if there is
// none; `--build` rebuilds) on a fresh embedded PostgreSQL and store under .data/site-shots, with
// the worker and the test payment provider, as `npm start` does; the seed makes the demo studio, and
// scripts/site-shots-content.ts gives it films, a review, a second version and a paid-lock gallery
// through the app's own doors. Chromium then captures each shot that
// components/marketing/site-shots.tsx names, in each of its sizes (JPEG). Commit what it writes.
// `--serve` leaves the app running afterwards, to look around (Ctrl+C stops it).
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chromium, type Page } from "@playwright/test";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { startPostgres, startS3, freePort, onStopSignal } from "./embedded.mjs";
import { buildApp } from "./build-app.mjs";
import { makeDemoContent, signInStudio } from "./site-shots-content";
import { captureShots } from "./site-shots-capture";

const root = path.resolve(__dirname, "..");
const dir = path.join(root, ".data", "site-shots");
const outDir = path.join(root, "public", "site");
const args = new Set(process.argv.slice(2));
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH || ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => fs.existsSync(p)) || "/usr/bin/chromium";

async function main() {
  if (args.has("--build") || !fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    if (buildApp(root) !== 0) throw new Error("the production build failed");
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort(Number(process.env.SITE_SHOTS_PORT || 3190));
  const baseURL = `http://localhost:${port}`;
  const pg = await startPostgres({ dir: path.join(dir, "postgres"), port: await freePort(), database: "vidfolio_shots" });
  const s3 = await startS3({ dir: path.join(dir, "s3"), port: await freePort(), appUrls: [baseURL] as never[] }); // (its JS default `[]` types the list as never[])
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: pg.url,
    ...s3.env,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    APP_URL: baseURL,
    NEXTAUTH_URL: baseURL,
    PORT: String(port),
    VIDFOLIO_DATA_DIR: dir,
    START_WORKER: "true",
    PAYMENTS_PROVIDER: "test",
    SEED_DEMO: "true",
    RATE_LIMIT_PER_MINUTE: "1000",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
  const app = spawn(process.execPath, [path.join(root, "scripts/launch.mjs"), "start"], { env, stdio: "inherit" });
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url }) });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
  });
  const stop = async () => {
    await browser.close().catch(() => {});
    await db.$disconnect().catch(() => {});
    if (app.exitCode === null) {
      const exited = new Promise((r) => app.once("exit", r));
      app.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      // The launcher stops its worker without waiting for it: a moment for it to close its connections.
      await new Promise((r) => setTimeout(r, 3000));
    }
    await s3.stop().catch(() => {});
    await pg.stop().catch(() => {});
  };
  onStopSignal(() => void stop().then(() => process.exit(0)));
  try {
    await appUp(baseURL);
    const studio = await browser.newContext({ baseURL, viewport: { width: 1200, height: 750 }, locale: "en-US" });
    await signInStudio(studio);
    const content = await makeDemoContent({ browser, baseURL, db, studio, workDir: dir });
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(dir, "content.json"), JSON.stringify({ baseURL, ...content }, null, 2));
    const shot = captureShots({ browser, baseURL, studio, content, outDir, resize }).then((written) => {
      for (const f of written) console.log(`site:shots wrote ${path.relative(root, f)} (${Math.round(fs.statSync(f).size / 1024)} KB)`);
    });
    // With --serve a failed capture leaves the app up, to see why.
    if (!args.has("--serve")) await shot;
    else await shot.catch((e) => console.error(e));
    if (args.has("--serve")) {
      console.log(`\nsite:shots: the app stays up on ${baseURL} (the demo studio: studio@vidfolio.local / studio-demo-123); Ctrl+C stops it`);
      await new Promise(() => {});
    }
  } finally {
    await stop();
  }

  /** The JPEG `png` made `width` px wide (Chromium draws it on a canvas: no image library needed). */
  async function resize(png: Buffer, width: number, height: number, quality: number): Promise<Buffer> {
    const page: Page = await browser.newPage({ viewport: { width, height } });
    try {
      await page.setContent(`<body style="margin:0"><img id="i" src="data:image/png;base64,${png.toString("base64")}" style="display:block;width:${width}px;height:${height}px"></body>`);
      await page.locator("#i").evaluate((img: HTMLImageElement) => img.decode());
      return await page.screenshot({ type: "jpeg", quality });
    } finally {
      await page.close();
    }
  }
}

async function appUp(baseURL: string) {
  const until = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`the app did not answer on ${baseURL} within 2 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
