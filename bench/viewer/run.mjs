// bench/viewer: the public gallery page (50 READY videos with chapters) under 100 connections for
// 20 s against a static file of the same size served by the same server, on the production build.
// Targets: p99 < 100 ms, page req/s ≥ 50 % of the static file's, ≤ 3 DB queries per request (none
// per video), first-load JS ≤ 120 KB gzipped.
// `--js-only`: seed, then measure only the first-load JS and the DB queries (no load test; results
// in bench/results/viewer-js-latest.*).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { root, startStack, startApp, writeResults } from "../lib.mjs";
import { figure } from "../summary.mjs";

const JS_ONLY = process.argv.includes("--js-only");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 100);
const DURATION = Number(process.env.BENCH_SECONDS || 20);
const VIDEOS = 50;
const CHAPTERS = 4;
const STATIC_NAME = "bench-static.html";
const staticFile = path.join(root, "public", STATIC_NAME);

async function seed(client, slug) {
  const {
    rows: [admin],
  } = await client.query(
    `INSERT INTO "Admin"(id, name, email, "passwordHash", role, status, plan, "companyName", "websiteUrl", "instagramUrl", "updatedAt")
     VALUES (gen_random_uuid(), 'Bench Studio', $1, 'x', 'admin', 'ACTIVE', 'ON_DEMAND', 'Golden Hour Films', 'https://goldenhour.example', 'https://instagram.com/goldenhour', now()) RETURNING id`,
    [`bench-viewer-${Date.now()}-${slug}@example.test`],
  );
  const {
    rows: [folder],
  } = await client.query(`INSERT INTO "Folder"(id, name, "adminId", "updatedAt") VALUES (gen_random_uuid(), 'Weddings', $1, now()) RETURNING id`, [admin.id]);
  const {
    rows: [gallery],
  } = await client.query(
    `INSERT INTO "Gallery"(id, name, title, subtitle, "folderId", "adminId", "customUrl", "bgImageUrl", "updatedAt")
     VALUES (gen_random_uuid(), 'Emma & James', 'Emma & James', 'Lake Como, June 2026', $1, $2, $3, $4, now()) RETURNING id`,
    [folder.id, admin.id, slug, `${admin.id}/${folder.id}/bg.jpg`],
  );
  for (let i = 0; i < VIDEOS; i++) {
    const key = `${admin.id}/${folder.id}/${gallery.id}/film_${i + 1}.mp4`;
    const {
      rows: [video],
    } = await client.query(
      `INSERT INTO "Video"(id, title, "storageKey", "sizeBytes", "durationSec", width, height, "thumbnailKey", "hlsKey", status, "galleryId", "adminId", "createdAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, 734003200, 612.4, 1920, 1080, $3, $4, 'READY', $5, $6, now() - ($7 || ' minutes')::interval, now()) RETURNING id`,
      [`Film ${i + 1}: the ceremony, the speeches and the first dance`, key, `${key}.derived/thumb_10.jpg`, `${key}.derived/hls/master.m3u8`, gallery.id, admin.id, String(i)],
    );
    for (let c = 0; c < CHAPTERS; c++) {
      await client.query(`INSERT INTO "Chapter"(id, title, "cueSeconds", "videoId", "updatedAt") VALUES (gen_random_uuid(), $1, $2, $3, now())`, [`Chapter ${c + 1}`, c * 120, video.id]);
    }
    if (i < 3) await client.query(`INSERT INTO "ShowcaseItem"("galleryId", "videoId", position) VALUES ($1, $2, $3)`, [gallery.id, video.id, i]);
  }
  return gallery.id;
}

/** Server settings of the bench database: every statement is counted by pg_stat_statements. */
const PG_FLAGS = ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all"];

/**
 * The statements the app sent while `fn` made `requests` requests, per request, exactly: counted by
 * the server (pg_stat_statements), less ours and the job queue's housekeeping (timed, not per
 * request). Also the statements themselves, most called first, for the record.
 */
async function queriesPer(client, requests, fn) {
  await client.query("SELECT pg_stat_statements_reset()");
  await fn();
  const { rows } = await client.query(
    `SELECT calls::int AS calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) AS query FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query NOT ILIKE '%pg_stat_statements%' AND query NOT ILIKE '%pgboss%' ORDER BY calls DESC`,
  );
  const total = rows.reduce((n, r) => n + r.calls, 0);
  return { perRequest: total / requests, statements: rows };
}

function cannon(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const summary = (r) => ({
  reqPerSec: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors,
  non2xx: r.non2xx,
  timeouts: r.timeouts,
  bytesPerReq: r.throughput.average / Math.max(1, r.requests.average),
});

/**
 * The framework's own chunks (React, the Next.js runtime): the App Router's root main files, the
 * Pages Router's `_app` chunks (React, react-dom, the Pages client; our `_app` is one line) and
 * its manifests, which every page of that router loads.
 */
function frameworkChunks() {
  const m = JSON.parse(fs.readFileSync(path.join(root, ".next", "build-manifest.json"), "utf8"));
  const files = [...(m.rootMainFiles ?? []), ...(m.pages?.["/_app"] ?? []), ...(m.lowPriorityFiles ?? [])];
  return new Set(files.map((f) => `/_next/${f}`));
}

/**
 * The scripts a gallery page holds until its largest picture is drawn (lib/services/public/rules/gallery-boot.ts writes
 * them as JSON in <script id="__vidfolio_scripts">, not as tags): their addresses, `nomodule` excluded.
 */
function heldScripts(html) {
  const list = html.match(/<script id="__vidfolio_scripts" type="application\/json">([^<]*)<\/script>/);
  if (!list) return [];
  return JSON.parse(list[1])
    .filter((s) => s.attrs.src && !("nomodule" in s.attrs))
    .map((s) => s.attrs.src);
}

/** Sum of the gzipped page scripts a modern browser loads (`nomodule` polyfills excluded; React writes the attribute `noModule`), held ones included. */
async function firstLoadJs(base, html) {
  const tags = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)];
  const srcs = [...new Set([...tags.filter((t) => !/\bnomodule\b/i.test(t[0])).map((t) => t[1]), ...heldScripts(html)])];
  const framework = frameworkChunks();
  let gz = 0;
  let raw = 0;
  let frameworkGz = 0;
  const files = [];
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const size = gzipSync(body).length;
    const isFramework = framework.has(new URL(src, base).pathname);
    raw += body.length;
    gz += size;
    if (isFramework) frameworkGz += size;
    files.push({ src, rawKb: body.length / 1024, gzipKb: size / 1024, framework: isFramework });
  }
  return { scripts: srcs.length, rawKb: raw / 1024, gzipKb: gz / 1024, frameworkGzipKb: frameworkGz / 1024, appGzipKb: (gz - frameworkGz) / 1024, files };
}

/** The first-load JS of the page, the queries of one uncached render (a gallery never requested
 * before) and of 200 cached requests, and the cache header. */
async function measurePage(base, slug, coldSlug) {
  const pageUrl = `${base}/g/${slug}`;
  const js = await firstLoadJs(base, await (await fetch(pageUrl)).text());
  const render = await queriesPer(client, 1, async () => {
    if ((await fetch(`${base}/g/${coldSlug}`)).status !== 200) throw new Error("cold page failed");
  });
  const cached = await queriesPer(client, 200, async () => {
    for (let i = 0; i < 200; i++) await (await fetch(pageUrl)).arrayBuffer();
  });
  const cachedAnswer = (await fetch(pageUrl)).headers;
  const cacheHeader = `${cachedAnswer.get("x-nextjs-cache")}, x-front-cache ${cachedAnswer.get("x-front-cache")}`;
  return { js, perRender: render.perRequest, perRequest: cached.perRequest, renderStatements: render.statements, cacheHeader };
}

const met = (ok) => (ok ? "met" : "NOT met");
const queriesLine = ({ perRequest, perRender }) =>
  `DB queries per cached request: **${perRequest.toFixed(2)}** (target ≤ 3: ${met(perRequest <= 3)}); per uncached render: **${perRender.toFixed(0)}** (target ≤ 3: ${met(perRender <= 3)}; the same for any number of videos, tests/integration/public-gallery-queries.test.ts)`;
const jsLine = ({ js }) =>
  `First-load JS: **${js.gzipKb.toFixed(1)} KB gzipped** in ${js.scripts} scripts (${js.rawKb.toFixed(0)} KB raw) (target ≤ 120 KB: ${met(js.gzipKb <= 120)}): Next.js + React runtime ${js.frameworkGzipKb.toFixed(1)} KB, app ${js.appGzipKb.toFixed(1)} KB`;

const stack = await startStack("viewer", { pgFlags: PG_FLAGS });
const client = new pg.Client({ connectionString: stack.dbUrl });
await client.connect();
await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
const slug = `bench-${Date.now().toString(36)}`;
const coldSlug = `${slug}-cold`;
await seed(client, slug);
await seed(client, coldSlug);
fs.rmSync(staticFile, { force: true });

let app;
try {
  // Inside the try: a failed build still stops the database and the store it started.
  app = await startApp(stack.env);
  const first = await fetch(`${app.base}/g/${slug}`);
  if (first.status !== 200) throw new Error(`page answered ${first.status}`);
  const html = await first.text();
  const pageBytes = Buffer.byteLength(html);

  if (JS_ONLY) {
    const m = await measurePage(app.base, slug, coldSlug);
    const scriptRows = m.js.files.map((f) => `| ${f.src} | ${f.framework ? "runtime" : "app"} | ${f.gzipKb.toFixed(1)} | ${f.rawKb.toFixed(1)} |`);
    writeResults(
      "viewer-js",
      {
        videos: VIDEOS,
        chaptersPerVideo: CHAPTERS,
        pageBytes,
        queriesPerRequest: m.perRequest,
        queriesPerRender: m.perRender,
        cache: m.cacheHeader,
        firstLoadJs: m.js,
        pass: { queries: m.perRequest <= 3 && m.perRender <= 3, js: m.js.gzipKb <= 120 },
        renderStatements: m.renderStatements,
      },
      [
        `Gallery of ${VIDEOS} READY videos × ${CHAPTERS} chapters; page ${pageBytes} B; no load test (\`--js-only\`)`,
        "",
        jsLine(m),
        queriesLine(m),
        `Page cache: x-nextjs-cache ${m.cacheHeader}`,
        "",
        "| script | part | KB gzipped | KB raw |",
        "| --- | --- | --- | --- |",
        ...scriptRows,
      ],
    );
  } else {
    // The static file is made the same size as the page. The server learns of public/ files at
    // start, so it is restarted once the file exists.
    fs.mkdirSync(path.dirname(staticFile), { recursive: true });
    fs.writeFileSync(staticFile, `<!doctype html><title>static</title><!--${"x".repeat(Math.max(0, pageBytes - 45))}-->`.slice(0, pageBytes).padEnd(pageBytes, " "));
    app.stop();
    await new Promise((r) => setTimeout(r, 1000));
    app = await startApp(stack.env);

    const pageUrl = `${app.base}/g/${slug}`;
    const staticUrl = `${app.base}/${STATIC_NAME}`;
    const staticBytes = (await (await fetch(staticUrl)).arrayBuffer()).byteLength;
    const m = await measurePage(app.base, slug, coldSlug);

    console.log(`page ${pageBytes} B, static ${staticBytes} B; warming up…`);
    await new Promise((resolve) => autocannon({ url: pageUrl, connections: 10, duration: 3 }, resolve));
    await new Promise((resolve) => autocannon({ url: staticUrl, connections: 10, duration: 3 }, resolve));
    console.log(`page: ${CONNECTIONS} connections × ${DURATION} s…`);
    const page = summary(await cannon(pageUrl));
    console.log(`static file: ${CONNECTIONS} connections × ${DURATION} s…`);
    const stat = summary(await cannon(staticUrl));

    const ratio = page.reqPerSec / stat.reqPerSec;
    const pass = { p99: page.p99 < 100, ratio: ratio >= 0.5, queries: m.perRequest <= 3, render: m.perRender <= 3, js: m.js.gzipKb <= 120 };
    // The figures `npm run bench` records and compares (bench/summary.mjs).
    const summaryFigures = [
      figure("page p99", page.p99, "ms", { better: "lower", target: "< 100 ms", met: pass.p99 }),
      figure("page p50", page.p50, "ms", { better: "lower" }),
      figure("page req/s", page.reqPerSec, "req/s", { better: "higher" }),
      figure("page / static req/s", ratio * 100, "%", { better: "higher", target: "≥ 50 %", met: pass.ratio }),
      figure("static file req/s", stat.reqPerSec, "req/s", { better: "higher" }),
      figure("page errors, non-2xx, timeouts", page.errors + page.non2xx + page.timeouts, "", { better: "lower" }),
      figure("DB queries per cached request", m.perRequest, "", { better: "lower", target: "≤ 3", met: pass.queries }),
      figure("DB queries per uncached render", m.perRender, "", { better: "lower", target: "≤ 3", met: pass.render }),
      figure("first-load JS (gzip)", m.js.gzipKb, "KB", { better: "lower", target: "≤ 120 KB", met: pass.js }),
      figure("app's own JS (gzip)", m.js.appGzipKb, "KB", { better: "lower" }),
    ];
    writeResults(
      "viewer",
      {
        connections: CONNECTIONS,
        seconds: DURATION,
        videos: VIDEOS,
        chaptersPerVideo: CHAPTERS,
        pageBytes,
        staticBytes,
        page,
        static: stat,
        ratio,
        queriesPerRequest: m.perRequest,
        queriesPerRender: m.perRender,
        cache: m.cacheHeader,
        firstLoadJs: m.js,
        pass,
        renderStatements: m.renderStatements,
        summary: summaryFigures,
      },
      [
        `Gallery of ${VIDEOS} READY videos × ${CHAPTERS} chapters; ${CONNECTIONS} connections × ${DURATION} s each; page ${pageBytes} B, static file ${staticBytes} B (same server)`,
        "",
        "| target | req/s | p50 ms | p99 ms | errors / non-2xx |",
        "| --- | --- | --- | --- | --- |",
        `| /g/<slug> (gallery page) | ${page.reqPerSec.toFixed(0)} | ${page.p50} | ${page.p99} | ${page.errors} / ${page.non2xx} |`,
        `| /${STATIC_NAME} (static file) | ${stat.reqPerSec.toFixed(0)} | ${stat.p50} | ${stat.p99} | ${stat.errors} / ${stat.non2xx} |`,
        "",
        `Page p99: **${page.p99} ms** (target < 100 ms: ${met(pass.p99)})`,
        `Page / static req/s: **${(ratio * 100).toFixed(0)} %** (target ≥ 50 %: ${met(pass.ratio)})`,
        queriesLine(m),
        jsLine(m),
        `Page cache: x-nextjs-cache ${m.cacheHeader}`,
      ],
    );
  }
} finally {
  app?.stop();
  await client.end();
  await stack.stop();
  fs.rmSync(staticFile, { force: true });
}
