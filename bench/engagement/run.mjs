// bench/engagement: the players' heartbeats (engagement: who watched what) against the production build.
// 1,000 simulated viewers of one gallery (each its own signed vf_viewer cookie and client address,
// each on one of its 20 films) send what they played every 10 s for 60 s, spread evenly (100 reports
// a second). Each viewer has its own address (X-Forwarded-For, the app started with TRUST_PROXY=1):
// the door takes at most 10 new viewers per address, gallery and day (docs/security.md).
// Targets: 0 errors, p99 of a heartbeat < 50 ms. Reported: rows the engagement tables were written
// per minute (PostgreSQL's own counters, pg_stat_user_tables: inserts + updates of GalleryViewer,
// ViewerFilm and FilmStat, after the app's last flush), against the heartbeats sent.
// Then a gallery of 1,000 viewers × 20 films is seeded and the studio's insights door timed
// (GET /api/galleries/gallery/:id/insights, which runs galleryInsights; target < 100 ms).
//
//   BENCH_VIEWERS (1000), BENCH_SECONDS (60), BENCH_FILMS (20), BENCH_FLUSH_SECONDS (the app's default, 30),
//   BENCH_WARM_SECONDS (10: an unmeasured warm-up at the same rate, other viewers)
import crypto from "node:crypto";
import pg from "pg";
import { startStack, startApp, insertStudio, writeResults } from "../lib.mjs";
import { figure } from "../summary.mjs";

const VIEWERS = Number(process.env.BENCH_VIEWERS || 1000);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const FILMS = Number(process.env.BENCH_FILMS || 20);
const FLUSH_SECONDS = Number(process.env.BENCH_FLUSH_SECONDS || 30);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS || 10);
const BEAT_MS = 10_000;
const FILM_SECONDS = 600;
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const TABLES = ["GalleryViewer", "ViewerFilm", "FilmStat"];
const BIG_PASSWORD = "bench-password-1";

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The n-th viewer's client address (10.<set>.x.y): one each, so the per-address cap of new viewers never applies. */
const addressOf = (set, n) => `10.${set}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** A viewer cookie as the app issues it (lib/services/public/viewer.ts: a random id and its HMAC under AUTH_SECRET). */
function viewerCookie(secret) {
  const id = crypto.randomBytes(16).toString("base64url");
  const mac = crypto.createHmac("sha256", secret).update(`viewer:${id}`).digest("base64url").slice(0, 22);
  return `vf_viewer=${id}.${mac}`;
}

async function insertFilms(client, studio, n) {
  const { rows } = await client.query(
    `INSERT INTO "Video"(id, title, "storageKey", "durationSec", status, "galleryId", "adminId", "processedAt", "updatedAt")
     SELECT gen_random_uuid(), 'Film ' || i, $1 || '/film_' || i || '.mp4', $2, 'READY', $3, $4, now(), now() FROM generate_series(1, $5) AS i
     RETURNING id`,
    [`${studio.adminId}/${studio.folderId}/${studio.galleryId}`, FILM_SECONDS, studio.galleryId, studio.adminId, n],
  );
  return rows.map((r) => r.id);
}

/** Rows inserted and updated in the engagement tables so far (waits for the backends' statistics to settle). */
async function rowsWritten(client) {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    await client.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await client.query(`SELECT COALESCE(sum(n_tup_ins + n_tup_upd), 0)::bigint AS n FROM pg_stat_user_tables WHERE relname = ANY($1)`, [TABLES]);
    const n = Number(rows[0].n);
    if (n === last) return n;
    last = n;
    await sleep(600);
  }
  return last;
}

const stack = await startStack("engagement");
// One access log line per heartbeat is noise here; and the app's output is drained, so a full pipe
// never blocks its event loop.
const app = await startApp({
  ...stack.env,
  ENGAGEMENT_FLUSH_SECONDS: String(FLUSH_SECONDS),
  LOG_LEVEL: "warn",
  TRUST_PROXY: "1",
  // An A/B of the pool's idle time (lib/env.ts DATABASE_POOL_IDLE_SECONDS; 10 was pg's default).
  ...(process.env.DATABASE_POOL_IDLE_SECONDS ? { DATABASE_POOL_IDLE_SECONDS: process.env.DATABASE_POOL_IDLE_SECONDS } : {}),
});
app.child.stdout.resume();
app.child.stderr.resume();
const client = new pg.Client({ connectionString: stack.dbUrl });
await client.connect();
try {
  // ---- The heartbeats -------------------------------------------------------------------------
  const studio = await insertStudio(client);
  const films = await insertFilms(client, studio, FILMS);
  const { rows: galleryRow } = await client.query(`SELECT "customUrl" FROM "Gallery" WHERE id = $1`, [studio.galleryId]);
  const slug = galleryRow[0].customUrl;
  const viewers = Array.from({ length: VIEWERS }, (_, v) => ({ slug, cookie: viewerCookie(stack.env.AUTH_SECRET), address: addressOf(1, v), film: films[v % films.length] }));
  const url = `${app.base}/api/public/engagement`;

  const latencies = [];
  const timeline = []; // [ms since the load began, latency]: where the slow ones fall
  const errors = {};
  let sent = 0;
  /** `who` each send a heartbeat every 10 s for `seconds`, spread evenly; measured when `measure`. */
  async function load(who, seconds, measure) {
    const started = performance.now();
    const inFlight = [];
    async function heartbeat(v, beat) {
      const t = beat * 10;
      const body = JSON.stringify({ gallery: v.slug, videoId: v.film, ranges: [[t, t + 10]] });
      const t0 = performance.now();
      try {
        const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "user-agent": BROWSER, cookie: v.cookie, "x-forwarded-for": v.address }, body });
        await res.arrayBuffer();
        if (measure && res.status !== 204) errors[res.status] = (errors[res.status] ?? 0) + 1;
      } catch (e) {
        const k = e.cause?.code ?? e.message;
        if (measure) errors[k] = (errors[k] ?? 0) + 1;
      }
      if (!measure) return;
      latencies.push(performance.now() - t0);
      timeline.push([t0 - started, performance.now() - t0]);
      sent++;
    }
    // Viewer v sends its beats at v/n × 10 s + k × 10 s: n/10 a second, evenly.
    const beats = Math.max(1, Math.round((seconds * 1000) / BEAT_MS));
    const schedule = [];
    for (let beat = 0; beat < beats; beat++) for (let v = 0; v < who.length; v++) schedule.push({ at: beat * BEAT_MS + (v / who.length) * BEAT_MS, v: who[v], beat });
    for (const s of schedule) {
      const wait = s.at - (performance.now() - started);
      if (wait > 1) await sleep(wait);
      inFlight.push(heartbeat(s.v, s.beat));
    }
    await Promise.all(inFlight);
    return started;
  }

  // Warm-up, unmeasured: a server that has been running (its routes compiled and optimised by V8,
  // its connection pools open), as a gallery's viewers meet it; other viewers, the same rate, of
  // another gallery (a gallery takes at most 2,000 new viewers a day).
  const warm = await insertStudio(client);
  const warmFilms = await insertFilms(client, warm, FILMS);
  const { rows: warmRow } = await client.query(`SELECT "customUrl" FROM "Gallery" WHERE id = $1`, [warm.galleryId]);
  const warmViewers = Array.from({ length: VIEWERS }, (_, v) => ({
    slug: warmRow[0].customUrl,
    cookie: viewerCookie(stack.env.AUTH_SECRET),
    address: addressOf(2, v),
    film: warmFilms[v % warmFilms.length],
  }));
  await load(warmViewers, WARM_SECONDS, false);
  await sleep((FLUSH_SECONDS + 3) * 1000); // the warm-up's reports flushed, out of the count
  const before = await rowsWritten(client);
  // The flush wait left the app idle for half a minute: its keep-alive sockets and idle database
  // connections closed. Reopen them with reports of a film that does not exist (refused by the gate
  // after its read, so no row is written), as a server under steady traffic has them open.
  await Promise.all(
    Array.from({ length: 20 }, () =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": BROWSER, cookie: viewers[0].cookie, "x-forwarded-for": viewers[0].address },
        body: JSON.stringify({ gallery: slug, videoId: crypto.randomUUID(), ranges: [[0, 1]] }),
      }).then((r) => r.arrayBuffer()),
    ),
  );

  const started = await load(viewers, SECONDS, true);
  const loadSeconds = (performance.now() - started) / 1000;
  // The last reports wait in the buffer until the next flush.
  await sleep((FLUSH_SECONDS + 3) * 1000);
  const after = await rowsWritten(client);
  const rowsTotal = after - before;
  const spanMinutes = (loadSeconds + FLUSH_SECONDS) / 60;
  const { rows: check } = await client.query(`SELECT count(*)::int AS pairs, COALESCE(sum("watchedSeconds"), 0)::float8 AS watched FROM "ViewerFilm" WHERE "galleryId" = $1`, [studio.galleryId]);

  latencies.sort((a, b) => a - b);
  // The slowest heartbeats by second of the load: a flush (every FLUSH_SECONDS) shows as a cluster.
  const slowSeconds = {};
  for (const [at, ms] of timeline) if (ms > 50) slowSeconds[Math.floor(at / 1000)] = (slowSeconds[Math.floor(at / 1000)] ?? 0) + 1;
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  const heartbeatFigures = {
    viewers: VIEWERS,
    seconds: loadSeconds,
    heartbeats: sent,
    rps: sent / loadSeconds,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors,
    errorCount,
    flushSeconds: FLUSH_SECONDS,
    rowsWritten: rowsTotal,
    rowsPerMinute: rowsTotal / spanMinutes,
    heartbeatsPerMinute: sent / (loadSeconds / 60),
    slowSeconds,
    pairsStored: check[0].pairs,
    watchedSeconds: check[0].watched,
  };

  // ---- The insights query over 1,000 viewers × 20 films -----------------------------------------
  const big = await insertStudio(client, { password: BIG_PASSWORD });
  const bigFilms = await insertFilms(client, big, FILMS);
  await client.query(
    `INSERT INTO "GalleryViewer"(id, "galleryId", key, "firstSeenAt", "lastSeenAt", visits)
     SELECT gen_random_uuid(), $1, 'a:bench' || i, now() - interval '3 days' + i * interval '1 minute', now() - i * interval '1 minute', 1 + i % 3 FROM generate_series(1, $2) AS i`,
    [big.galleryId, VIEWERS],
  );
  await client.query(
    `INSERT INTO "ViewerFilm"("viewerId", "videoId", "galleryId", ranges, "watchedSeconds", "playSeconds", downloads, "updatedAt")
     SELECT v.id, f, $1, jsonb_build_array(jsonb_build_array(0, 60 + (abs(hashtext(v.key || f)) % 500)), jsonb_build_array(570, 600)),
            90 + (abs(hashtext(v.key || f)) % 500), 120 + (abs(hashtext(v.key || f)) % 700), (abs(hashtext(f || v.key)) % 5 = 0)::int, now()
     FROM "GalleryViewer" v CROSS JOIN unnest($2::uuid[]) AS f WHERE v."galleryId" = $1`,
    [big.galleryId, bigFilms],
  );
  await client.query(
    `INSERT INTO "FilmStat"("videoId", "galleryId", heat, "playSeconds", viewers, downloads, "updatedAt")
     SELECT f, $1, array_fill(1000::float8, ARRAY[100]), 1000 * 500, $3, 200, now() FROM unnest($2::uuid[]) AS f`,
    [big.galleryId, bigFilms, VIEWERS],
  );
  await client.query("ANALYZE");

  // The studio's own door (GET /api/galleries/gallery/:id/insights → galleryInsights in
  // lib/services/guests/insights.ts), signed in with a bearer token: the query as the Guests & Insights
  // section runs it, with its HTTP and JSON around it. Each order, pages spread over all 1,000 viewers.
  const login = await fetch(`${app.base}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: big.email, password: BIG_PASSWORD }) });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  const pages = Math.ceil(VIEWERS / 25);
  const insightsOnce = async (sort, page) => {
    const t0 = performance.now();
    const res = await fetch(`${app.base}/api/galleries/gallery/${big.galleryId}/insights?page=${page}&pageSize=25&sort=${sort}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (!res.ok || body.insights.viewers.items.length !== Math.min(25, VIEWERS - (page - 1) * 25) || body.insights.viewers.items[0].films.length !== FILMS) {
      throw new Error(`insights page ${page} (${sort}): ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    return ms;
  };
  for (const sort of ["recent", "name"]) await insightsOnce(sort, 1); // the route's first compile
  const times = { recent: [], name: [] };
  for (let i = 0; i < 60; i++) for (const sort of ["recent", "name"]) times[sort].push(await insightsOnce(sort, 1 + ((i * 7) % pages)));
  const all = [...times.recent, ...times.name].sort((a, b) => a - b);
  for (const k of Object.keys(times)) times[k].sort((a, b) => a - b);
  const insights = {
    timed: "GET /api/galleries/gallery/:id/insights (galleryInsights), pageSize 25",
    runs: all.length,
    p50: pct(all, 50),
    p95: pct(all, 95),
    p99: pct(all, 99),
    max: all.at(-1),
    recent: { p50: pct(times.recent, 50), p99: pct(times.recent, 99) },
    name: { p50: pct(times.name, 50), p99: pct(times.name, 99) },
    viewers: VIEWERS,
    films: FILMS,
  };

  const pass = { errors: errorCount === 0, p99: heartbeatFigures.p99 < 50, insights: insights.p50 < 100 };
  const summary = [
    figure("heartbeat p99", heartbeatFigures.p99, "ms", { better: "lower", target: "< 50 ms", met: pass.p99 }),
    figure("heartbeat p50", heartbeatFigures.p50, "ms", { better: "lower" }),
    figure("heartbeat errors", errorCount, "", { better: "lower", target: "0", met: pass.errors }),
    figure("engagement rows written per minute", heartbeatFigures.rowsPerMinute, "rows/min", { better: "lower" }),
    figure("heartbeats per minute", heartbeatFigures.heartbeatsPerMinute, "/min", { better: "higher" }),
    figure("insights page p50", insights.p50, "ms", { better: "lower", target: "< 100 ms", met: pass.insights }),
    figure("insights page p99", insights.p99, "ms", { better: "lower" }),
  ];
  const h = heartbeatFigures;
  writeResults("engagement", { heartbeats: heartbeatFigures, insights, pass, summary }, [
    `${VIEWERS} viewers on the production build, each a heartbeat every 10 s for ${SECONDS} s, spread evenly, after an unmeasured ${WARM_SECONDS} s warm-up at the same rate (other viewers); the app flushes every ${FLUSH_SECONDS} s.`,
    "",
    `${h.heartbeats} heartbeats (${h.rps.toFixed(0)}/s), errors ${h.errorCount}${h.errorCount ? ` ${JSON.stringify(h.errors)}` : ""}; p50 ${h.p50.toFixed(1)} ms, p95 ${h.p95.toFixed(1)} ms, p99 **${h.p99.toFixed(1)} ms**, max ${h.max.toFixed(0)} ms`,
    `Errors: target 0 — ${pass.errors ? "met" : "NOT met"}. p99: target < 50 ms — ${pass.p99 ? "met" : "NOT met"}.`,
    `Heartbeats over 50 ms by second of the load: ${JSON.stringify(h.slowSeconds)}.`,
    "",
    `Rows written to GalleryViewer + ViewerFilm + FilmStat: ${h.rowsWritten} over ${(spanMinutes * 60).toFixed(0)} s (the load and the last flush) = **${h.rowsPerMinute.toFixed(0)} rows/min**, for ${h.heartbeatsPerMinute.toFixed(0)} heartbeats/min (${(h.rowsWritten / Math.max(1, h.heartbeats)).toFixed(3)} rows per heartbeat). Stored: ${h.pairsStored} (viewer, film) rows, ${h.watchedSeconds.toFixed(0)} s watched.`,
    "",
    `Insights over ${VIEWERS} viewers × ${FILMS} films, ${insights.runs} calls of ${insights.timed}, both orders, pages across all viewers: p50 **${insights.p50.toFixed(1)} ms**, p95 ${insights.p95.toFixed(1)} ms, p99 ${insights.p99.toFixed(1)} ms, max ${insights.max.toFixed(0)} ms (recent p50 ${insights.recent.p50.toFixed(1)}, name p50 ${insights.name.p50.toFixed(1)}). Target < 100 ms — ${pass.insights ? "met" : "NOT met"}.`,
    "",
    "The load generator runs on the same 2 cores as the app and its database.",
  ]);
} finally {
  await client.end().catch(() => {});
  app.stop();
  await stack.stop();
}
