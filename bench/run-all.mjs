// `npm run bench`: every bench/<name>/run.mjs, one after another (they measure; never in
// parallel), then a record of their figures (bench/results.mjs: summary-latest.md, a line of
// history.md, and the dated runs/summary-<UTC stamp>.json and .md), compared with the previous run
// of each bench (its <name>-latest.json, or a newer summary in runs/) so a slowdown is seen.
//
//   npm run bench                           all benches
//   npm run bench -- --only viewer,upload   a subset
//   npm run bench -- --threshold 15         flag changes worse than 15 % (default 10)
//   npm run bench -- --no-build             reuse the existing .next build instead of building once
//
// Exit code 0 even when a target is unmet (this is a record), 1 when a bench crashed, 2 on bad options.
// A bench may itself exit 3 for "ran, target missed" (bench/activity): its figures are recorded as any.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, execFileSync } from "node:child_process";
import { root, buildApp } from "./build.mjs";
import { compareSummary, isSummaryFile, renderMarkdown } from "./summary.mjs";
import { readLatest, recordRun, runsDir } from "./results.mjs";

const benchDir = path.join(root, "bench");
/** A bench's exit code for "measured and recorded, a target missed" (not a crash). */
const TARGET_MISSED = 3;
const dated = runsDir(root);

function parseArgs(argv) {
  const opts = { only: null, threshold: 10, build: true, timeoutMinutes: 30 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (flag === "--only")
      opts.only = value()
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    else if (flag === "--threshold") opts.threshold = Number(value());
    else if (flag === "--timeout-minutes") opts.timeoutMinutes = Number(value());
    else if (flag === "--no-build") opts.build = false;
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (!(opts.threshold > 0)) throw new Error("--threshold takes a positive number of percent");
  if (!(opts.timeoutMinutes > 0)) throw new Error("--timeout-minutes takes a positive number");
  return opts;
}

/** Every folder of bench/ with a run.mjs, by name. */
const discover = () =>
  fs
    .readdirSync(benchDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "results" && fs.existsSync(path.join(benchDir, d.name, "run.mjs")))
    .map((d) => d.name)
    .sort();

const git = (...args) => {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
};

const resultFiles = (name) => {
  const re = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.json$`);
  return new Set(fs.existsSync(dated) ? fs.readdirSync(dated).filter((f) => re.test(f)) : []);
};

/** Runs one bench in its own process group (so a timeout or Ctrl-C stops what it started, too). */
function runBench(name, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(benchDir, name, "run.mjs")], {
      cwd: root,
      // The app was built once for the whole run (or --no-build): no bench rebuilds it.
      env: { ...process.env, BENCH_BUILD: "0" },
      stdio: "inherit",
      detached: true,
    });
    const stopGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {}
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup("SIGTERM");
      setTimeout(() => stopGroup("SIGKILL"), 10_000).unref();
    }, timeoutMs);
    let interrupted = null;
    const forward = (signal) => () => {
      interrupted = signal;
      stopGroup(signal);
      process.exitCode = 130;
    };
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve({ code, signal, timedOut, interrupted });
    });
  });
}

/**
 * The earlier runs to compare with: this machine's dated summaries, and each bench's latest result
 * (`latest`: read before the benches rewrite it) as a summary of that one bench.
 */
function loadSummaries(latest) {
  const fromLatest = latest.flatMap(({ name, result }) =>
    result && typeof result.at === "string" && Array.isArray(result.summary)
      ? [{ at: result.at, file: `bench/results/${name}-latest.json`, commit: null, benches: [{ name, ok: true, figures: result.summary }] }]
      : [],
  );
  if (!fs.existsSync(dated)) return fromLatest;
  return fs
    .readdirSync(dated)
    .filter(isSummaryFile)
    .flatMap((file) => {
      try {
        return [{ ...JSON.parse(fs.readFileSync(path.join(dated, file), "utf8")), file: `bench/results/runs/${file}` }];
      } catch {
        console.warn(`[bench] ignoring unreadable ${file}`);
        return [];
      }
    })
    .concat(fromLatest);
}

let opts;
try {
  opts = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(`[bench] ${e.message}`);
  process.exit(2);
}
const known = discover();
const unknown = (opts.only ?? []).filter((n) => !known.includes(n));
if (unknown.length) {
  console.error(`[bench] no bench named ${unknown.join(", ")}; the benches are: ${known.join(", ")}`);
  process.exit(2);
}
const selected = opts.only ? known.filter((n) => opts.only.includes(n)) : known;
const started = new Date();
const cpus = os.cpus();
// Read before the benches run: they rewrite their own bench/results/<name>-latest.json and .md.
const latest = selected.map((name) => ({ name, result: readLatest(root, name) }));
const commit = git("rev-parse", "HEAD");
const branch = git("rev-parse", "--abbrev-ref", "HEAD");
const dirty = Boolean(git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)bench/results"));

let build = "the existing .next build reused (--no-build)";
if (opts.build) {
  console.log("[bench] building the app once for every bench…");
  const t = performance.now();
  try {
    buildApp();
  } catch (e) {
    console.error(`[bench] ${e.message}`);
    process.exit(1);
  }
  build = `the app built once (next build, ${((performance.now() - t) / 1000).toFixed(0)} s) and shared`;
}

const benches = [];
for (const name of selected) {
  console.log(`\n[bench] ${name} (${selected.indexOf(name) + 1}/${selected.length})…`);
  const before = resultFiles(name);
  const loadAvg = os.loadavg()[0];
  const t = performance.now();
  const run = await runBench(name, opts.timeoutMinutes * 60_000);
  const seconds = (performance.now() - t) / 1000;
  const written = [...resultFiles(name)].filter((f) => !before.has(f)).sort();
  const entry = { name, ok: false, exitCode: run.code, seconds, loadAvg, resultFile: null, figures: [] };
  if (run.timedOut) entry.error = `stopped after ${opts.timeoutMinutes} min (--timeout-minutes)`;
  else if (run.interrupted) entry.error = `interrupted (${run.interrupted})`;
  else if (run.code !== 0 && !(run.code === TARGET_MISSED && written.length)) entry.error = run.signal ? `killed by ${run.signal}` : `exit code ${run.code}`;
  else if (!written.length) entry.error = `exited 0 but wrote no bench/results/runs/${name}-<date>.json`;
  else {
    const file = written.at(-1);
    const result = JSON.parse(fs.readFileSync(path.join(dated, file), "utf8"));
    Object.assign(entry, { ok: true, resultFile: `bench/results/runs/${file}`, figures: Array.isArray(result.summary) ? result.summary : [] });
  }
  benches.push(entry);
  if (process.exitCode === 130) break; // interrupted: record what ran
}

const summary = {
  at: started.toISOString(),
  commit,
  branch,
  dirty,
  machine: { cpus: cpus.length, cpuModel: cpus[0]?.model?.trim() ?? null, memGb: Math.round(os.totalmem() / 1024 ** 3), node: process.version, platform: `${os.platform()} ${os.arch()}` },
  build,
  threshold: opts.threshold,
  only: opts.only,
  benches,
};
const comparison = compareSummary(summary, loadSummaries(latest), opts.threshold);
const md = renderMarkdown(summary, comparison, opts.threshold);
// The summary's JSON only repeats the benches' own: dated in runs/, no summary-latest.json.
const written = recordRun(root, "summary", { ...summary, comparison }, { markdown: md, at: started, latestJson: false });
console.log(`\n${md}\nWritten: ${[written.dated, ...written.latest, written.history].join(", ")}`);
if (benches.some((b) => !b.ok) || process.exitCode === 130) process.exit(process.exitCode === 130 ? 130 : 1);
