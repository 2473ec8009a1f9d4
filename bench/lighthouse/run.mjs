// bench/lighthouse: what a phone user feels (the first load's budget). Lighthouse (from npm) with Debian's
// Chromium, mobile settings (Moto G Power emulation, 4x CPU slowdown, slow 4G), on the production
// build served as `npm start` serves it, against the gallery (a real one: six films with real
// thumbnails and a background image in the store), the home page and the sign-in page. Each page is
// measured RUNS times; its median performance score counts.
// Targets: performance ≥ 98 and accessibility 100 on every page. Run on a quiet machine: the scores
// move with whatever else the CPU is doing (Lighthouse simulates the phone from a trace taken at full
// speed here: a busy CPU lengthens its tasks, and moves the paint after more of the scripts). Before
// each run it waits, up to BENCH_LIGHTHOUSE_WAIT seconds (default 120), for the 1-minute load average
// to fall under BENCH_LIGHTHOUSE_MAX_LOAD (default 1.5), and records the load it started at.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import pg from "pg";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { root, startStack, startApp, storeClient, writeResults } from "../lib.mjs";
import { figure } from "../summary.mjs";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3);
const CHROME = process.env.PLAYWRIGHT_CHROMIUM_PATH || process.env.CHROME_PATH || "/usr/bin/chromium";
const FILMS = 6;
const MAX_LOAD = Number(process.env.BENCH_LIGHTHOUSE_MAX_LOAD || 1.5);
const MAX_WAIT_MS = Number(process.env.BENCH_LIGHTHOUSE_WAIT || 120) * 1000;

/** Waits (bounded) for the machine to be quiet; the 1-minute load average it starts at. */
async function quiet() {
  const until = Date.now() + MAX_WAIT_MS;
  while (os.loadavg()[0] >= MAX_LOAD && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
  return Math.round(os.loadavg()[0] * 100) / 100;
}
// Chromium's HTTPS upgrades would turn http://localhost into an interstitial (as Playwright turns them off too).
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,HttpsFirstModeV2ForEngagedSites",
];

/** A JPEG of a frame of the e2e test clip (ffmpeg), once. */
function frame(dir, seconds, size) {
  const file = path.join(dir, `frame-${seconds}-${size}.jpg`);
  if (!fs.existsSync(file)) {
    const ffmpeg = JSON.parse(execFileSync(process.execPath, ["-e", "console.log(JSON.stringify(require('@ffmpeg-installer/ffmpeg').path))"], { cwd: root, encoding: "utf8" }));
    execFileSync(ffmpeg, ["-y", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=1:duration=${seconds + 1}`, "-ss", String(seconds), "-frames:v", "1", "-q:v", "4", file]);
  }
  return fs.readFileSync(file);
}

async function seed(client, s3, bucket, slug, dir) {
  const {
    rows: [admin],
  } = await client.query(
    `INSERT INTO "Admin"(id, name, email, "passwordHash", role, status, plan, "companyName", "websiteUrl", "updatedAt")
     VALUES (gen_random_uuid(), 'Bench Studio', $1, 'x', 'admin', 'ACTIVE', 'PRO', 'Golden Hour Films', 'https://goldenhour.example', now()) RETURNING id`,
    [`bench-lighthouse-${Date.now()}@example.test`],
  );
  const {
    rows: [folder],
  } = await client.query(`INSERT INTO "Folder"(id, name, "adminId", "updatedAt") VALUES (gen_random_uuid(), 'Weddings', $1, now()) RETURNING id`, [admin.id]);
  const bgKey = `${admin.id}/${folder.id}/bg.jpg`;
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: bgKey, Body: frame(dir, 1, "1920x1080"), ContentType: "image/jpeg" }));
  const {
    rows: [gallery],
  } = await client.query(
    `INSERT INTO "Gallery"(id, name, title, subtitle, "folderId", "adminId", "customUrl", "bgImageUrl", "updatedAt")
     VALUES (gen_random_uuid(), 'Emma & James', 'Emma & James', 'Lake Como, June 2026', $1, $2, $3, $4, now()) RETURNING id`,
    [folder.id, admin.id, slug, bgKey],
  );
  for (let i = 0; i < FILMS; i++) {
    const key = `${admin.id}/${folder.id}/${gallery.id}/film_${i + 1}.mp4`;
    const thumb = `${key}.derived/thumb-500.jpg`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: thumb, Body: frame(dir, i + 2, "500x282"), ContentType: "image/jpeg" }));
    await client.query(
      `INSERT INTO "Video"(id, title, "storageKey", "sizeBytes", "durationSec", width, height, "thumbnailKey", status, "galleryId", "adminId", "createdAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, 734003200, 612.4, 1920, 1080, $3, 'READY', $4, $5, now() - ($6 || ' minutes')::interval, now())`,
      [`Film ${i + 1}: the ceremony and the first dance`, key, thumb, gallery.id, admin.id, String(i)],
    );
  }
}

async function audit(url, saveAs) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"], formFactor: "mobile" });
    const lhr = result.lhr;
    // The whole report of the last run of each page, to see why (not committed: .data/).
    fs.writeFileSync(path.join(root, ".data", "bench-lighthouse", `${saveAs}.json`), result.report);
    // BENCH_LIGHTHOUSE_TRACE=1: its trace too, to see what the main thread did before the paint.
    if (process.env.BENCH_LIGHTHOUSE_TRACE === "1") fs.writeFileSync(path.join(root, ".data", "bench-lighthouse", `${saveAs}-${Date.now()}.trace.json`), JSON.stringify(result.artifacts.Trace));
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const a = (id) => lhr.audits[id];
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcpMs: a("largest-contentful-paint").numericValue,
      fcpMs: a("first-contentful-paint").numericValue,
      tbtMs: a("total-blocking-time").numericValue,
      cls: a("cumulative-layout-shift").numericValue,
      siMs: a("speed-index").numericValue,
      failedA11y: Object.values(lhr.audits)
        .filter((x) => x.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id))
        .map((x) => x.id),
    };
  } finally {
    chrome.kill();
  }
}

const stack = await startStack("lighthouse");
const client = new pg.Client({ connectionString: stack.dbUrl });
await client.connect();
const s3 = storeClient(stack.s3env);
const slug = `lighthouse-${Date.now().toString(36)}`;
const dir = path.join(root, ".data", "bench-lighthouse");
fs.mkdirSync(dir, { recursive: true });
await seed(client, s3, stack.s3env.S3_BUCKET, slug, dir);
await client.end();

let app;
try {
  app = await startApp(stack.env);
  // BENCH_LIGHTHOUSE_PAGES=home,sign-in measures a subset.
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",").map((s) => s.trim());
  const pages = [
    { name: "gallery", url: `${app.base}/g/${slug}` },
    { name: "home", url: `${app.base}/` },
    { name: "sign-in", url: `${app.base}/login` },
  ].filter((p) => !only || only.includes(p.name));
  // Warm the server's caches (the page cache, the signed addresses) as a real visitor would find them.
  for (const p of pages) for (let i = 0; i < 2; i++) await fetch(p.url);
  const results = {};
  for (const p of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const load = await quiet();
      const r = { ...(await audit(p.url, p.name)), load };
      console.log(
        `${p.name} run ${i + 1} (load ${load}): performance ${r.performance}, accessibility ${r.accessibility}, LCP ${Math.round(r.lcpMs)} ms, CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbtMs)} ms`,
      );
      runs.push(r);
    }
    const byScore = [...runs].sort((a, b) => a.performance - b.performance);
    results[p.name] = {
      ...byScore[Math.floor(runs.length / 2)],
      performanceRuns: runs.map((r) => r.performance),
      accessibilityMin: Math.min(...runs.map((r) => r.accessibility)),
      loadRuns: runs.map((r) => r.load),
    };
  }
  const pass = Object.fromEntries(Object.entries(results).map(([k, r]) => [k, r.performance >= 98 && r.accessibilityMin === 100]));
  const summary = Object.entries(results).flatMap(([k, r]) => [
    figure(`${k} performance (median)`, r.performance, "", { better: "higher", target: "≥ 98", met: r.performance >= 98 }),
    figure(`${k} accessibility`, r.accessibilityMin, "", { better: "higher", target: "100", met: r.accessibilityMin === 100 }),
    figure(`${k} LCP`, r.lcpMs, "ms", { better: "lower" }),
    figure(`${k} CLS`, r.cls, "", { better: "lower" }),
  ]);
  const met = (ok) => (ok ? "met" : "NOT met");
  writeResults("lighthouse", { runs: RUNS, chrome: CHROME, cores: os.cpus().length, maxLoad: MAX_LOAD, results, pass, summary }, [
    `Lighthouse ${JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version}, mobile, Chromium at ${CHROME}; median of ${RUNS} runs per page; production build; ${os.cpus().length} cores, each run started at a 1-minute load average under ${MAX_LOAD} (or after ${MAX_WAIT_MS / 1000} s of waiting)`,
    "",
    "| page | performance (runs) | accessibility | LCP ms | FCP ms | TBT ms | CLS | load before each run | target |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...Object.entries(results).map(
      ([k, r]) =>
        `| ${k} | **${r.performance}** (${r.performanceRuns.join(", ")}) | **${r.accessibilityMin}** | ${Math.round(r.lcpMs)} | ${Math.round(r.fcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${r.loadRuns.join(", ")} | ${met(pass[k])} |`,
    ),
    "",
    ...Object.entries(results)
      .filter(([, r]) => r.failedA11y.length)
      .map(([k, r]) => `Accessibility audits failing on ${k}: ${r.failedA11y.join(", ")}`),
  ]);
} finally {
  app?.stop();
  await stack.stop();
}
