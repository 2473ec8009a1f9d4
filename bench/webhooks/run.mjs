// Webhook deliveries through an outage (signed webhooks): 10,000 events to a local receiver that answers
// 500 for its first minute, then 200. Events are published by the app's own services (publish.ts,
// run with tsx) while one worker (`npm run worker`, WEBHOOKS_ALLOW_PRIVATE=1) delivers them.
// Targets: every event delivered exactly once after the recovery (by event id), p99 of the delay
// after recovery (first 2xx − max(recovery, the event's time)) < 30 s, deliveries of one object in
// order, the worker's memory flat: a second wave of as many events (no outage) after the first leaves
// its memory within 50 MB of where the first left it (a leak grows with the events handled).
// Environment: BENCH_WEBHOOK_EVENTS (10000), BENCH_WEBHOOK_OUTAGE_SEC (60), BENCH_WEBHOOK_CONCURRENCY
// (the worker's WORKER_CONCURRENCY, 4), BENCH_WEBHOOK_WORKER_LOG (a file for the worker's log lines).
// Heavy: run on a quiet machine.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { spawn } from "node:child_process";
import pg from "pg";
import { insertStudio, root, rssMb, startStack, writeResults } from "../lib.mjs";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const OUTAGE_MS = Number(process.env.BENCH_WEBHOOK_OUTAGE_SEC ?? 60) * 1000;
const CONCURRENCY = process.env.BENCH_WEBHOOK_CONCURRENCY ?? "4";
const DEADLINE_MS = 20 * 60_000;
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const pct = (xs, p) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : null);

/** The receiver: 500 until `recoverAt`, then 200; what it got, by event id. */
function startReceiver(started) {
  const recoverAt = started + OUTAGE_MS;
  const ok = new Map(); // event id → [times of each 2xx]
  const lastSeqOf = new Map(); // object id → the last seq answered 2xx
  let refused = 0;
  let outOfOrder = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const now = Date.now();
      if (now < recoverAt) {
        refused++;
        return res.writeHead(500).end("down");
      }
      const event = JSON.parse(body);
      const times = ok.get(event.id) ?? [];
      times.push({ at: now, created: Date.parse(event.created) });
      ok.set(event.id, times);
      // The object's place in its sequence travels as its title (publish.ts filmWithSeq).
      const { id } = event.data.object;
      const seq = Number(event.data.object.title);
      if (times.length === 1) {
        if ((lastSeqOf.get(id) ?? -1) > seq) outOfOrder++;
        lastSeqOf.set(id, Math.max(seq, lastSeqOf.get(id) ?? -1));
      }
      res.writeHead(200).end("ok");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}/hooks`, recoverAt, ok, stats: () => ({ refused, outOfOrder }), close: () => server.close() })),
  );
}

function run(cmd, args, env, logTo) {
  const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  if (logTo) child.stdout.pipe(fs.createWriteStream(logTo));
  else child.stdout.on("data", (c) => (out += c));
  child.stderr.on("data", (c) => process.stderr.write(c));
  return { child, done: new Promise((resolve, reject) => child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(" ")} exited ${code}: ${out.slice(-2000)}`))))) };
}

async function main() {
  const stack = await startStack("webhooks");
  const client = new pg.Client({ connectionString: stack.dbUrl });
  await client.connect();
  const { adminId } = await insertStudio(client);
  const env = { ...stack.env, WEBHOOKS_ALLOW_PRIVATE: "1", WORKER_CONCURRENCY: CONCURRENCY, WORKER_SWEEP: "false", VIDFOLIO_SERVICE: "worker", LOG_LEVEL: "warn" };
  const started = Date.now();
  const receiver = await startReceiver(started);
  // BENCH_WEBHOOK_WORKER_LOG=<file>: the worker's log lines (at LOG_LEVEL, info for each job) go there.
  const workerLog = process.env.BENCH_WEBHOOK_WORKER_LOG;
  const worker = run(tsx, ["--tsconfig", "tsconfig.worker.json", "scripts/worker.ts"], workerLog ? { ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? "info" } : env, workerLog);
  const memory = [];
  const publisherMemory = [];
  let publisher;
  const sampler = setInterval(() => {
    memory.push(rssMb(worker.child.pid));
    if (publisher?.child.exitCode === null) publisherMemory.push(rssMb(publisher.child.pid));
  }, 1000);
  try {
    publisher = run(tsx, ["--tsconfig", "tsconfig.worker.json", "bench/webhooks/publish.ts"], { ...env, BENCH_ADMIN: adminId, BENCH_URL: receiver.url, BENCH_EVENTS: String(EVENTS) });
    const published = JSON.parse((await publisher.done).trim().split("\n").pop());
    console.log(`[webhooks] published ${published.published} events in ${published.ms} ms; the receiver answers 500 until ${OUTAGE_MS / 1000} s`);
    // BENCH_WEBHOOK_ACTIVITY=1: what the database is busy with, sampled each second (the statements running, by text).
    const activity = new Map();
    while (receiver.ok.size < EVENTS && Date.now() - started < DEADLINE_MS) {
      await new Promise((r) => setTimeout(r, 1000));
      if (process.env.BENCH_WEBHOOK_ACTIVITY) {
        const { rows } = await client.query(`SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS q FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()`);
        for (const { q } of rows) activity.set(q, (activity.get(q) ?? 0) + 1);
      }
      if (memory.length % 15 === 0) console.log(`[webhooks] ${receiver.ok.size} / ${EVENTS} delivered after ${Math.round((Date.now() - started) / 1000)} s`);
    }
    for (const [q, n] of [...activity].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`[webhooks] active ${n}× ${q}`);
    const firsts = [...receiver.ok.values()].map((t) => t[0]);
    const delays = firsts.map((f) => (f.at - Math.max(receiver.recoverAt, f.created)) / 1000);
    const twiceIn = () => [...receiver.ok.values()].filter((t) => t.length > 1).length;
    const p99 = pct(delays, 99);
    // When the 2xx came, in 5 s steps from the recovery: how fast the backlog drained.
    const steps = new Map();
    for (const f of firsts) {
      const step = Math.floor((f.at - receiver.recoverAt) / 5000) * 5;
      steps.set(step, (steps.get(step) ?? 0) + 1);
    }
    console.log(
      `[webhooks] delivered per 5 s after recovery: ${[...steps]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}s:${n}`)
        .join(" ")}`,
    );
    // The second wave: as many events again to the same endpoint (other objects), no outage.
    const deliveredFirst = receiver.ok.size;
    const afterFirstMb = Math.round(memory.at(-1) ?? 0);
    const firstPeakMb = Math.round(Math.max(...memory, 0));
    const second = run(tsx, ["--tsconfig", "tsconfig.worker.json", "bench/webhooks/publish.ts"], {
      ...env,
      BENCH_ADMIN: adminId,
      BENCH_URL: receiver.url,
      BENCH_EVENTS: String(EVENTS),
      BENCH_ENDPOINT: published.endpointId,
      BENCH_PREFIX: "wave2",
    });
    await second.done;
    const waveStarted = Date.now();
    while (receiver.ok.size < 2 * EVENTS && Date.now() - waveStarted < DEADLINE_MS) await new Promise((r) => setTimeout(r, 1000));
    await new Promise((r) => setTimeout(r, 3000));
    const mem = {
      afterFirstWaveMb: afterFirstMb,
      firstWavePeakMb: firstPeakMb,
      afterSecondWaveMb: Math.round(memory.at(-1) ?? 0),
      peakMb: Math.round(Math.max(...memory, 0)),
      secondWaveDelivered: receiver.ok.size - EVENTS,
    };
    // Over both waves: no event delivered twice.
    const twice = twiceIn();
    const publisherMb = { peakMb: Math.round(Math.max(...publisherMemory, 0)), endMb: Math.round(publisherMemory.at(-1) ?? 0) };
    const results = {
      events: EVENTS,
      outageSec: OUTAGE_MS / 1000,
      workerConcurrency: Number(CONCURRENCY),
      publishMs: published.ms,
      delivered: deliveredFirst,
      deliveredTwice: twice,
      refusedDuringOutage: receiver.stats().refused,
      outOfOrder: receiver.stats().outOfOrder,
      delayAfterRecoverySec: { p50: pct(delays, 50), p99, max: pct(delays, 100) },
      workerMemory: mem,
      publisherMemory: publisherMb,
      targets: {
        allOnce: deliveredFirst === EVENTS && twice === 0,
        p99Under30s: p99 !== null && p99 < 30,
        inOrder: receiver.stats().outOfOrder === 0,
        memoryFlat: mem.secondWaveDelivered === EVENTS && mem.afterSecondWaveMb - mem.afterFirstWaveMb < 50,
      },
    };
    writeResults("webhooks", results, [
      `${EVENTS} events, receiver down ${OUTAGE_MS / 1000} s, one worker (WORKER_CONCURRENCY=${CONCURRENCY}).`,
      "",
      "| measure | value | target |",
      "| --- | --- | --- |",
      `| delivered (distinct ids) | ${deliveredFirst} | ${EVENTS} |`,
      `| delivered more than once (both waves) | ${twice} | 0 |`,
      `| out of order per object | ${receiver.stats().outOfOrder} | 0 |`,
      `| delay after recovery p50 / p99 / max | ${results.delayAfterRecoverySec.p50} / ${p99} / ${results.delayAfterRecoverySec.max} s | p99 < 30 s |`,
      `| worker memory after the first wave / after a second of ${EVENTS} (peak) | ${mem.afterFirstWaveMb} / ${mem.afterSecondWaveMb} (${mem.peakMb}) MB | flat: second − first < 50 MB |`,
      `| the publisher's memory (the app's services) peak / end | ${publisherMb.peakMb} / ${publisherMb.endMb} MB | |`,
    ]);
  } finally {
    clearInterval(sampler);
    worker.done.catch(() => {}); // killed: its exit code says so
    worker.child.kill("SIGTERM");
    receiver.close();
    await client.end();
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
