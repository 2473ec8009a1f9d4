// bench/studio-load: 50 studios using the studio API at once for 60 s (each a loop of the editor's
// calls: folders, a gallery, its videos, title and settings saves, account details, a new folder
// now and then) against the production build. Targets: 0 errors; p99 recorded (target < 150 ms on
// this 2-core machine).
//
// Two phases. "Studios at work": each studio pauses between its calls as a person in the editor
// does (0.5–1.5 s, BENCH_THINK_MS sets the mean) — the target is checked here. "Saturation": the
// same studios with no pause for BENCH_SATURATION_SECONDS (30 s), which shows the capacity
// (requests per second) and what latency looks like when every core is busy.
import { startStack, startApp, seedStudio, writeResults } from "../lib.mjs";
import { figure } from "../summary.mjs";

const STUDIOS = Number(process.env.BENCH_STUDIOS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
const SATURATION_SECONDS = Number(process.env.BENCH_SATURATION_SECONDS ?? 30);

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

const stack = await startStack("studio-load");
// Every studio signs in from this one address: lift the per-IP sign-in limit for the run.
const app = await startApp({ ...stack.env, RATE_LIMIT_PER_MINUTE: "100000" });
try {
  const studios = [];
  for (let i = 0; i < STUDIOS; i++) studios.push(await seedStudio(stack.dbUrl, app.base, { creditsMb: 1024 }));

  async function phase(seconds, thinkMs) {
    const samples = []; // [endpoint, ms]
    const errors = {};
    let running = true;
    const pause = () => (thinkMs > 0 ? new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random()))) : null);

    async function call(s, name, path, init = {}) {
      if (!running) return;
      const started = performance.now();
      try {
        const res = await fetch(`${app.base}/api/${path}`, {
          ...init,
          headers: { authorization: `Bearer ${s.token}`, ...(init.body ? { "content-type": "application/json" } : {}) },
        });
        await res.arrayBuffer();
        if (!res.ok) errors[`${name} ${res.status}`] = (errors[`${name} ${res.status}`] ?? 0) + 1;
      } catch (e) {
        errors[`${name} ${e.cause?.code ?? e.message}`] = (errors[`${name} ${e.cause?.code ?? e.message}`] ?? 0) + 1;
      }
      samples.push([name, performance.now() - started]);
      await pause();
    }

    async function studioLoop(s) {
      let n = 0;
      // Studios do not start in step.
      if (thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * thinkMs));
      while (running) {
        n += 1;
        await call(s, "GET folders", "folder/folders");
        await call(s, "GET gallery", `galleries/gallery/${s.galleryId}`);
        await call(s, "GET gallery videos", `galleries/get-gallery-videos/${s.galleryId}`);
        await call(s, "PUT title", "galleries/update-gallery-title", { method: "PUT", body: JSON.stringify({ galleryId: s.galleryId, title: `Our day, take ${n}` }) });
        await call(s, "PUT settings", `galleries/gallery/settings/${s.galleryId}`, { method: "PUT", body: JSON.stringify({ setting: { download: n % 2 === 0 } }) });
        await call(s, "GET admin-details", "admin/admin-details");
        if (n % 10 === 0) await call(s, "POST folder", "folder/folders", { method: "POST", body: JSON.stringify({ name: `Folder ${n}` }) });
      }
    }

    const t0 = performance.now();
    const loops = studios.map(studioLoop);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    running = false;
    await Promise.all(loops);
    return summarize(samples, errors, (performance.now() - t0) / 1000);
  }

  const work = await phase(SECONDS, THINK_MS);
  const saturation = SATURATION_SECONDS > 0 ? await phase(SATURATION_SECONDS, 0) : null;
  const pass = { errors: work.errorCount === 0 && (saturation?.errorCount ?? 0) === 0, p99: work.p99 < 150 };
  // The figures `npm run bench` records and compares (bench/summary.mjs).
  const summary = [
    figure("at work: p99", work.p99, "ms", { better: "lower", target: "< 150 ms", met: pass.p99 }),
    figure("at work: p50", work.p50, "ms", { better: "lower" }),
    figure("errors (both phases)", work.errorCount + (saturation?.errorCount ?? 0), "", { better: "lower", target: "0", met: pass.errors }),
    ...(saturation ? [figure("saturation: req/s", saturation.rps, "req/s", { better: "higher" }), figure("saturation: p99", saturation.p99, "ms", { better: "lower" })] : []),
  ];
  const table = (r) => [
    "| call | requests | p50 ms | p99 ms |",
    "| --- | --- | --- | --- |",
    ...Object.entries(r.endpoints).map(([name, e]) => `| ${name} | ${e.requests} | ${e.p50.toFixed(1)} | ${e.p99.toFixed(1)} |`),
  ];
  const line = (r) =>
    `${r.requests} requests (${r.rps.toFixed(0)}/s), errors ${r.errorCount}${r.errorCount ? ` ${JSON.stringify(r.errors)}` : ""}; p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 **${r.p99.toFixed(1)} ms**, max ${r.max.toFixed(0)} ms`;
  writeResults("studio-load", { studios: STUDIOS, thinkMs: THINK_MS, work, saturation, pass, summary }, [
    `${STUDIOS} studios on the production build (bearer tokens), each looping over the editor's API calls.`,
    "",
    `## Studios at work: ${work.seconds.toFixed(0)} s, a ${THINK_MS} ms pause on average between a studio's calls`,
    "",
    line(work),
    `Errors: target 0 — ${pass.errors ? "met" : "NOT met"}. p99: target < 150 ms — ${pass.p99 ? "met" : "NOT met"}.`,
    "",
    ...table(work),
    ...(saturation ? ["", `## Saturation: ${saturation.seconds.toFixed(0)} s, no pauses (capacity)`, "", line(saturation), "", ...table(saturation)] : []),
    "",
    "The load generator runs on the same 2 cores as the app and its database.",
  ]);
} finally {
  app.stop();
  await stack.stop();
}

function summarize(samples, errors, seconds) {
  const all = samples.map(([, ms]) => ms).sort((a, b) => a - b);
  const byEndpoint = {};
  for (const [name, ms] of samples) (byEndpoint[name] ??= []).push(ms);
  const endpoints = Object.fromEntries(
    Object.entries(byEndpoint).map(([name, list]) => {
      list.sort((a, b) => a - b);
      return [name, { requests: list.length, p50: pct(list, 50), p99: pct(list, 99) }];
    }),
  );
  const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
  return { seconds, requests: all.length, rps: all.length / seconds, p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), max: all.at(-1) ?? 0, errors, errorCount, endpoints };
}
