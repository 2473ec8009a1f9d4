// bench/studio-load: 50 studios using the studio API at once for 60 s (each a loop of the editor's
// calls: folders, a gallery, its videos, title and settings saves, account details, a new folder
// now and then) against the production build. Targets: 0 errors; p99 recorded (target < 150 ms on
// this 2-core machine).
import { startStack, startApp, seedStudio, writeResults } from "../lib.mjs";

const STUDIOS = Number(process.env.BENCH_STUDIOS || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

const stack = await startStack("studio-load");
// Every studio signs in from this one address: lift the per-IP sign-in limit for the run.
const app = await startApp({ ...stack.env, RATE_LIMIT_PER_MINUTE: "100000" });
try {
  const studios = [];
  for (let i = 0; i < STUDIOS; i++) studios.push(await seedStudio(stack.dbUrl, app.base, { creditsMb: 1024 }));

  const samples = []; // [endpoint, ms]
  const errors = {};
  let running = true;

  async function call(s, name, path, init = {}) {
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
  }

  async function studioLoop(s) {
    let n = 0;
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
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  running = false;
  await Promise.all(loops);
  const seconds = (performance.now() - t0) / 1000;

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
  const summary = { studios: STUDIOS, seconds, requests: all.length, rps: all.length / seconds, p50: pct(all, 50), p95: pct(all, 95), p99: pct(all, 99), max: all.at(-1) ?? 0, errors, errorCount, endpoints };
  const pass = { errors: errorCount === 0, p99: summary.p99 < 150 };
  writeResults("studio-load", { ...summary, pass }, [
    `${STUDIOS} studios, each looping over the editor's API calls, for ${seconds.toFixed(0)} s (production build, bearer tokens)`,
    "",
    `Requests: ${all.length} (${summary.rps.toFixed(0)}/s); errors: ${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ""} (target 0: ${pass.errors ? "met" : "NOT met"})`,
    `Latency: p50 ${summary.p50.toFixed(1)} ms, p95 ${summary.p95.toFixed(1)} ms, p99 **${summary.p99.toFixed(1)} ms** (target < 150 ms: ${pass.p99 ? "met" : "NOT met"}), max ${summary.max.toFixed(0)} ms`,
    "",
    "| call | requests | p50 ms | p99 ms |",
    "| --- | --- | --- | --- |",
    ...Object.entries(endpoints).map(([name, e]) => `| ${name} | ${e.requests} | ${e.p50.toFixed(1)} | ${e.p99.toFixed(1)} |`),
    "",
    "The load generator runs on the same 2 cores as the app and its database.",
  ]);
} finally {
  app.stop();
  await stack.stop();
}
