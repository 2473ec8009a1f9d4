// bench/activity: the studio's activity feed (the home's feed and its bell) read at 100,000 events.
// On a fresh embedded stack, one studio with BENCH_EVENTS (100,000) events over BENCH_GALLERIES
// (200) galleries, a second as big whose past is lopsided (payments and refunds, and one old
// gallery's events, only in its oldest fifth), and BENCH_OTHER_STUDIOS (20) other studios with
// BENCH_OTHER_EVENTS (5,000) each, interleaved as they arrive (the indexes shared as in production), in a mix of kinds as a working studio gets them
// (payments and refunds rare), written by one INSERT … SELECT over generate_series, then VACUUM
// ANALYZE (autovacuum's steady state). Each studio's read mark sits at its middle event.
// Then, once the machine is quiet (a 1-minute load average under BENCH_ACTIVITY_MAX_LOAD, 1.5, or
// after BENCH_ACTIVITY_WAIT seconds, 120), measure.ts, run with tsx, calls the feed's services as the
// doors do (activityFeed, markActivityRead; the query parsed by the door's schema), the cases taking
// turns, BENCH_RUNS (300) rounds after BENCH_WARMUP (30) unmeasured: the first page; a deep page
// (cursors around the 90,000th event); kinds=payment,refund; one gallery's events; unread=true; the
// lopsided studio's kinds=payment,refund and its old gallery (where a plan that walks the feed
// newest first and filters reads most of it); the unread count (its statement, timed at the driver inside the first-page calls); markActivityRead
// (each call a page more read). Target: p99 < 50 ms for every case. Beside the times, the server's
// own account of each statement (pg_stat_statements: mean and max execution, buffers per call),
// which the machine's other work does not move.
// Exit code 3 when a target is missed (the results are written; bench/run-all.mjs records them).
import path from "node:path";
import os from "node:os";
import { spawn } from "node:child_process";
import pg from "pg";
import { insertStudio, root, startStack, writeResults } from "../lib.mjs";
import { figure } from "../summary.mjs";

const EVENTS = Number(process.env.BENCH_EVENTS || 100_000);
const GALLERIES = Number(process.env.BENCH_GALLERIES || 200);
const OTHER_STUDIOS = Number(process.env.BENCH_OTHER_STUDIOS || 20);
const OTHER_EVENTS = Number(process.env.BENCH_OTHER_EVENTS || 5_000);
const OTHER_GALLERIES = 10;
const RUNS = Number(process.env.BENCH_RUNS || 300);
const WARMUP = Number(process.env.BENCH_WARMUP || 30);
const DEEP_AT = Math.round(EVENTS * 0.9);
const TARGET_MS = 50;
const MAX_LOAD = Number(process.env.BENCH_ACTIVITY_MAX_LOAD || 1.5);
const MAX_WAIT_MS = Number(process.env.BENCH_ACTIVITY_WAIT ?? 120) * 1000;
/** Server settings: every statement counted by pg_stat_statements. */
const PG_FLAGS = ["-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all"];
const tsx = path.join(root, "node_modules", ".bin", "tsx");

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { runs: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.at(-1) ?? 0 };
};

/**
 * The kinds in the proportions a working studio sees them, per mille: views, downloads and comments
 * most; decisions fewer; expiries and failures few; payments rare and refunds rarer.
 */
const KIND_MIX = [
  ["comment", 300],
  ["download", 250],
  ["first_view", 200],
  ["changes_requested", 80],
  ["approval", 70],
  ["expiring", 40],
  ["failed", 30],
  ["payment", 25],
  ["refund", 5],
];

/** The studios, their galleries, and every event, interleaved: one statement for the events. */
async function seed(client) {
  const big = await insertStudio(client);
  const old = await insertStudio(client);
  const others = [];
  for (let i = 0; i < OTHER_STUDIOS; i++) others.push(await insertStudio(client));
  const studios = [
    { ...big, galleries: GALLERIES, events: EVENTS, old: false },
    { ...old, galleries: GALLERIES, events: EVENTS, old: true },
    ...others.map((s) => ({ ...s, galleries: OTHER_GALLERIES, events: OTHER_EVENTS, old: false })),
  ];
  // Each studio's further galleries, in its folder.
  for (const s of studios)
    await client.query(
      `INSERT INTO "Gallery"(id, name, "folderId", "adminId", "customUrl", "updatedAt")
       SELECT gen_random_uuid(), 'Wedding ' || n, $1, $2, $4 || n, now() FROM generate_series(2, $3) AS n`,
      [s.folderId, s.adminId, s.galleries, `bench-${s.adminId}-`],
    );
  await client.query(
    `CREATE TEMP TABLE bench_gallery AS
     SELECT "adminId", id, (row_number() OVER (PARTITION BY "adminId" ORDER BY id) - 1)::int AS n FROM "Gallery"`,
  );
  await client.query(`CREATE INDEX ON bench_gallery ("adminId", n)`);
  // The events: each studio's k-th of its n falls at k/n of the whole stream, so all studios' events
  // interleave as they would arrive; i, the place in the stream, is the seq, and the time rises
  // with it. The second big studio's past is lopsided: its payments and refunds all in its oldest
  // fifth (it sells no more), and its first gallery an old one (every 8th event of that fifth, none
  // later) — what the planner cannot see in table-wide statistics.
  const total = studios.reduce((n, s) => n + s.events, 0);
  await client.query(`CREATE TEMP TABLE bench_studio("adminId" uuid, galleries int, events int, old boolean)`);
  for (const s of studios) await client.query(`INSERT INTO bench_studio VALUES ($1, $2, $3, $4)`, [s.adminId, s.galleries, s.events, s.old]);
  let lo = 0;
  const kindCase = KIND_MIX.map(([kind, per]) => {
    lo += per;
    return `WHEN r < ${lo} THEN '${kind}'`;
  }).join(" ");
  await client.query(
    `INSERT INTO "ActivityEvent"(seq, "adminId", "galleryId", kind, "filmId", at, who, data, key)
     SELECT i, st."adminId", g.id, k.kind,
            CASE WHEN k.kind IN ('comment', 'changes_requested', 'approval', 'download', 'first_view', 'failed') THEN md5(i::text)::uuid END,
            now() - ($1::int - i) * interval '40 seconds',
            CASE WHEN k.kind IN ('expiring', 'failed') THEN NULL ELSE 'Guest ' || (i % 97) END,
            CASE k.kind
              WHEN 'comment' THEN jsonb_build_object('film', 'Ceremony ' || (i % 7), 'text', 'Could the first dance start a little earlier, just before the music comes in? ' || i, 'reply', i % 5 = 0)
              WHEN 'changes_requested' THEN jsonb_build_object('film', 'Ceremony ' || (i % 7), 'version', 1 + i % 3, 'text', 'A few cuts, see the comments.')
              WHEN 'approval' THEN jsonb_build_object('film', 'Ceremony ' || (i % 7), 'version', 1 + i % 3)
              WHEN 'payment' THEN jsonb_build_object('amount', 120000, 'currency', 'eur', 'byHand', i % 4 = 0)
              WHEN 'refund' THEN jsonb_build_object('amount', 120000, 'currency', 'eur', 'full', i % 2 = 0)
              WHEN 'download' THEN jsonb_build_object('film', 'Ceremony ' || (i % 7))
              WHEN 'first_view' THEN '{}'::jsonb
              WHEN 'expiring' THEN jsonb_build_object('expiresAt', to_char(now() + interval '7 days', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'days', 7)
              ELSE jsonb_build_object('film', 'Ceremony ' || (i % 7), 'reason', 'The file could not be read.')
            END,
            CASE WHEN k.kind IN ('download', 'first_view', 'expiring') THEN k.kind || ':' || i END
     FROM (SELECT st."adminId", st.galleries, st.old, k <= st.events / 5 AS early, k,
                  row_number() OVER (ORDER BY (k - 0.5) / st.events, st."adminId")::int AS i
           FROM bench_studio st CROSS JOIN LATERAL generate_series(1, st.events) AS k) st
     CROSS JOIN LATERAL (SELECT abs(hashint4(i)) % 1000 AS r, abs(hashint4(i * 7 + 3)) AS h) h
     JOIN bench_gallery g ON g."adminId" = st."adminId"
      AND g.n = CASE WHEN NOT st.old THEN h.h % st.galleries WHEN st.early AND st.k % 8 = 0 THEN 0 ELSE 1 + h.h % (st.galleries - 1) END
     CROSS JOIN LATERAL (SELECT CASE ${kindCase} END AS drawn) d
     CROSS JOIN LATERAL (SELECT CASE WHEN st.old AND NOT st.early AND d.drawn IN ('payment', 'refund') THEN 'comment' ELSE d.drawn END AS kind) k`,
    [total],
  );
  await client.query(`SELECT setval(pg_get_serial_sequence('"ActivityEvent"', 'seq'), $1)`, [total]);
  // Each studio's read mark at its middle event.
  await client.query(
    `UPDATE "Admin" a SET "activityReadSeq" = m.seq
     FROM (SELECT "adminId", percentile_disc(0.5) WITHIN GROUP (ORDER BY seq) AS seq FROM "ActivityEvent" GROUP BY "adminId") m WHERE m."adminId" = a.id`,
  );
  await client.query(`VACUUM (ANALYZE) "ActivityEvent"`);
  await client.query(`ANALYZE`);
  return { big, old };
}

/** What the timer needs of the seeded studio: a typical gallery, the deep page's cursors, marks to move to. */
async function caseInputs(client, adminId) {
  const { rows: counts } = await client.query(`SELECT "galleryId", count(*)::int AS n FROM "ActivityEvent" WHERE "adminId" = $1 GROUP BY 1 ORDER BY 2, 1`, [adminId]);
  const gallery = counts[Math.floor(counts.length / 2)];
  const { rows: deep } = await client.query(`SELECT seq FROM "ActivityEvent" WHERE "adminId" = $1 ORDER BY seq DESC OFFSET $2 LIMIT 2000`, [adminId, DEEP_AT - 1000]);
  const { rows: mark } = await client.query(`SELECT "activityReadSeq" AS seq FROM "Admin" WHERE id = $1`, [adminId]);
  const { rows: above } = await client.query(`SELECT seq FROM "ActivityEvent" WHERE "adminId" = $1 AND seq > $2 ORDER BY seq LIMIT $3`, [adminId, mark[0].seq, 30 * (RUNS + WARMUP)]);
  const { rows: kinds } = await client.query(`SELECT kind, count(*)::int AS n FROM "ActivityEvent" WHERE "adminId" = $1 GROUP BY 1 ORDER BY 2 DESC`, [adminId]);
  return {
    gallery: { id: gallery.galleryId, events: gallery.n, galleries: counts.length },
    deepCursors: deep.filter((_, i) => i % 10 === 0).map((r) => String(r.seq)),
    markUpTo: above.filter((_, i) => i % 30 === 29).map((r) => String(r.seq)),
    readMark: String(mark[0].seq),
    kinds: Object.fromEntries(kinds.map((k) => [k.kind, k.n])),
  };
}

/** Waits (bounded) for the machine to be quiet; the load averages it starts at. */
async function quiet() {
  const until = Date.now() + MAX_WAIT_MS;
  while (os.loadavg()[0] >= MAX_LOAD && Date.now() < until) await new Promise((r) => setTimeout(r, 5000));
  return os.loadavg();
}

/** Which of the feed's statements a normalised text is, and for which case (the page's conditions tell them apart). */
function statementOf(query) {
  if (/^\s*UPDATE "Admin"/i.test(query)) return "mark update (markActivityRead)";
  if (/count\(\*\)/i.test(query)) return "unread count";
  if (query.includes('JOIN "Gallery" g ON g.id = e."galleryId"')) {
    if (query.includes("e.seq <")) return "page after a cursor";
    if (query.includes("e.kind = ANY") || query.includes("e.kind = k.kind")) return "page of kinds (both kinds cases)";
    if (query.includes('e."galleryId" =')) return "page of a gallery (both gallery cases)";
    if (query.includes("e.seq >")) return "page of the unread";
    return "first page";
  }
  if (query.includes('"Admin"')) return "read mark";
  return null;
}

/** The server's account of the feed's statements since measure.ts reset it. */
async function serverStatements(client) {
  const { rows } = await client.query(
    `SELECT query, calls::int, mean_exec_time AS mean, max_exec_time AS max, (shared_blks_hit + shared_blks_read)::float8 / calls AS blocks, rows::float8 / calls AS rows
     FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND calls > 0`,
  );
  return rows
    .map((r) => ({ statement: statementOf(r.query), calls: r.calls, meanMs: r.mean, maxMs: r.max, blocksPerCall: r.blocks, rowsPerCall: r.rows }))
    .filter((r) => r.statement)
    .sort((a, b) => a.statement.localeCompare(b.statement));
}

function measure(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ["--tsconfig", "tsconfig.worker.json", "bench/activity/measure.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop())) : reject(new Error(`measure.ts exited ${code}: ${out.slice(-2000)}`))));
  });
}

async function main() {
  const stack = await startStack("activity", { pgFlags: PG_FLAGS });
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
  let missed = [];
  try {
    const t0 = performance.now();
    const { big, old } = await seed(client);
    const seedSeconds = (performance.now() - t0) / 1000;
    const inputs = await caseInputs(client, big.adminId);
    const { rows: oldGallery } = await client.query(
      `SELECT "galleryId" AS id, count(*)::int AS events, max(seq)::text AS newest FROM "ActivityEvent" WHERE "adminId" = $1 GROUP BY 1 ORDER BY max(seq) LIMIT 1`,
      [old.adminId],
    );
    const { rows: oldSales } = await client.query(
      `SELECT count(*)::int AS events, max(seq)::text AS newest, (SELECT count(*)::int FROM "ActivityEvent" WHERE "adminId" = $1 AND seq > max(e.seq)) AS newer
       FROM "ActivityEvent" e WHERE "adminId" = $1 AND kind IN ('payment', 'refund')`,
      [old.adminId],
    );
    const { rows: newerThanGallery } = await client.query(`SELECT count(*)::int AS n FROM "ActivityEvent" WHERE "adminId" = $1 AND seq > $2`, [old.adminId, oldGallery[0].newest]);
    const lopsided = { gallery: { ...oldGallery[0], newer: newerThanGallery[0].n }, sales: oldSales[0] };
    const { rows: size } = await client.query(`SELECT count(*)::int AS events, pg_total_relation_size('"ActivityEvent"')::bigint AS bytes FROM "ActivityEvent"`);
    console.log(`[activity] seeded ${size[0].events} events (${(Number(size[0].bytes) / 1048576).toFixed(0)} MB with indexes) in ${seedSeconds.toFixed(1)} s; measuring…`);
    const loadBefore = await quiet();
    const { cases } = await measure({
      ...stack.env,
      LOG_LEVEL: "warn",
      BENCH_ADMIN: big.adminId,
      BENCH_GALLERY: inputs.gallery.id,
      BENCH_OLD_ADMIN: old.adminId,
      BENCH_OLD_GALLERY: lopsided.gallery.id,
      BENCH_DEEP_CURSORS: inputs.deepCursors.join(","),
      BENCH_MARK_UPTO: inputs.markUpTo.join(","),
      BENCH_RUNS: String(RUNS),
      BENCH_WARMUP: String(WARMUP),
    });
    const loadAfter = os.loadavg();
    const server = await serverStatements(client);

    const rows = Object.entries(cases).map(([name, c]) => ({
      name,
      ...stats(c.ms),
      statements: Object.fromEntries(Object.entries(c.statements).map(([k, xs]) => [k, stats(xs)])),
    }));
    // The unread count: its own statement, as activityFeed runs it beside the first page.
    const count = { name: "unread count", ...stats(cases["first page"].statements["unread count"] ?? []), statements: {} };
    rows.splice(rows.length - 1, 0, count);
    for (const r of rows) r.met = r.p99 < TARGET_MS;
    missed = rows.filter((r) => !r.met);
    const cpus = os.cpus();
    const machine = { cpus: cpus.length, cpuModel: cpus[0]?.model?.trim() ?? null, node: process.version, loadAvgBefore: loadBefore, loadAvgAfter: loadAfter };
    const summary = rows.map((r) => figure(`${r.name} p99`, r.p99, "ms", { better: "lower", target: `< ${TARGET_MS} ms`, met: r.met }));
    const ms = (v) => v.toFixed(2);
    writeResults(
      "activity",
      {
        loadAvg: loadBefore[0],
        machineDetail: machine,
        dataset: {
          events: EVENTS,
          galleries: GALLERIES,
          otherStudios: OTHER_STUDIOS,
          otherEvents: OTHER_EVENTS,
          totalEvents: size[0].events,
          tableMb: Number(size[0].bytes) / 1048576,
          seedSeconds,
          kinds: inputs.kinds,
        },
        inputs: { lopsided, gallery: inputs.gallery, readMark: inputs.readMark, deepAt: DEEP_AT, deepCursors: [inputs.deepCursors[0], inputs.deepCursors.at(-1)] },
        runs: RUNS,
        warmup: WARMUP,
        timed: "activityFeed / markActivityRead (lib/services/platform/activity/feed.ts) through tsx, the door's query schema, one call at a time",
        cases: rows,
        server,
        targetMs: TARGET_MS,
        pass: Object.fromEntries(rows.map((r) => [r.name, r.met])),
        summary,
      },
      [
        `One studio with ${EVENTS.toLocaleString("en-US")} events over ${inputs.gallery.galleries} galleries, a lopsided one as big, ${OTHER_STUDIOS} other studios with ${OTHER_EVENTS.toLocaleString("en-US")} each (${size[0].events.toLocaleString("en-US")} events, ${(Number(size[0].bytes) / 1048576).toFixed(0)} MB with indexes), interleaved; VACUUM ANALYZE; read mark at the middle event.`,
        `The studio's kinds: ${Object.entries(inputs.kinds)
          .map(([k, n]) => `${k} ${n}`)
          .join(", ")}.`,
        `The cases in turn, ${WARMUP} rounds unmeasured, then ${RUNS} timed, calls of the services as the doors call them (tsx; the query parsed by the door's schema). Load average (1 / 5 / 15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(" / ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" / ")}; ${cpus.length} CPUs; Node ${process.version}.`,
        "",
        "| case | p50 ms | p95 ms | p99 ms | max ms | target p99 < 50 ms |",
        "| --- | --- | --- | --- | --- | --- |",
        ...rows.map((r) => `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | **${ms(r.p99)}** | ${ms(r.max)} | ${r.met ? "met" : "NOT met"} |`),
        "",
        "Statements per case, timed at the driver (p50 / p99 ms):",
        "",
        ...rows
          .filter((r) => Object.keys(r.statements).length)
          .map(
            (r) =>
              `- ${r.name}: ${Object.entries(r.statements)
                .map(([k, s]) => `${k} ${ms(s.p50)} / ${ms(s.p99)} (${s.runs})`)
                .join("; ")}`,
          ),
        "",
        "The server's account of the same statements (pg_stat_statements, the timed rounds): what each costs the database whatever else the machine does.",
        "",
        "| statement | calls | mean ms | max ms | buffers per call | rows per call |",
        "| --- | --- | --- | --- | --- | --- |",
        ...server.map((r) => `| ${r.statement} | ${r.calls} | ${ms(r.meanMs)} | ${ms(r.maxMs)} | ${r.blocksPerCall.toFixed(1)} | ${r.rowsPerCall.toFixed(1)} |`),
        "",
        `The gallery case: ${inputs.gallery.events} events in that gallery (the median of the studio's galleries). The deep page: cursors around the ${DEEP_AT.toLocaleString("en-US")}th newest event.`,
        `The lopsided studio (${EVENTS.toLocaleString("en-US")} events too): its ${lopsided.sales.events} payments and refunds all older than its newest ${lopsided.sales.newer.toLocaleString("en-US")} events; its old gallery's ${lopsided.gallery.events} events all older than its newest ${lopsided.gallery.newer.toLocaleString("en-US")}.`,
        "The timer runs on the same cores as the database.",
      ],
    );
  } finally {
    await client.end().catch(() => {});
    await stack.stop();
  }
  if (missed.length) console.error(`[activity] target p99 < ${TARGET_MS} ms missed: ${missed.map((r) => `${r.name} ${r.p99.toFixed(2)} ms`).join(", ")}`);
  return missed.length ? 3 : 0;
}

// Explicit: the embedded server's exit hook would otherwise end the process with 0.
main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
