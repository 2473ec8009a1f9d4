// Where a bench run's results go, one writer for every bench (bench/lib.mjs writeResults,
// bench/run-all.mjs, scripts/test-all.mjs):
//
//   bench/results/runs/<name>-<UTC stamp>.json   the run itself, dated (ignored by git: one machine's record)
//   bench/results/<name>-latest.json, .md        the latest run of each bench (committed)
//   bench/results/history.md                     one line per run: date, bench, headline figures, load (committed)
//
// The history keeps the trend a reader needs without a file per run in the tree.
// tests/unit/bench-results.test.ts.
import fs from "node:fs";
import path from "node:path";
import { fileStamp, formatValue } from "./summary.mjs";

/** The committed results folder, and its ignored folder of dated runs. */
export const resultsDir = (root) => path.join(root, "bench", "results");
export const runsDir = (root) => path.join(resultsDir(root), "runs");
export const HISTORY_FILE = "history.md";

export const HISTORY_HEADER = [
  "# Bench history",
  "",
  "One line per recorded run, oldest first: its headline figures (those with a target, else the first few;",
  "✗ marks a target not met) and the machine's 1-minute load average. Every run's full record is its",
  "`bench/results/runs/<bench>-<date>.json` on the machine that ran it; the latest of each bench is",
  "`bench/results/<bench>-latest.json` and `.md`. Written by bench/results.mjs; do not edit by hand.",
  "",
  "| date (UTC) | bench | headline figures | load |",
  "| --- | --- | --- | --- |",
].join("\n");

const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\s*[\d.]+/.test(v) ? Number.parseFloat(v) : null);
const round = (v, digits = 2) => (v == null ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/** The machine's load average a result recorded (the forms the benches have used), or null. */
export function loadOf(r) {
  for (const v of [r.loadAvgAtStart, r.loadAvg, r.load1, r.load, r.loadBefore]) if (num(v) != null) return round(num(v));
  const nested = Object.values(r.results ?? {})
    .map((x) => num(x?.load))
    .filter((v) => v != null);
  if (nested.length) return round(Math.max(...nested));
  const bench = (r.benches ?? []).map((b) => num(b.loadAvg)).find((v) => v != null);
  if (bench != null) return round(bench);
  return round(num(r.machine?.load1));
}

const figureText = (f) => `${f.metric} ${formatValue(f.value, f.unit)}${f.met === false ? " ✗" : ""}`;
const ms = (v) => formatValue(v, "ms");

/** A result's headline figures, as one short line. */
export function headlineOf(name, r) {
  if (Array.isArray(r.summary) && r.summary.length) {
    const targeted = r.summary.filter((f) => f.target != null);
    return (targeted.length ? targeted : r.summary).slice(0, 5).map(figureText).join("; ");
  }
  const parts = [];
  if (name === "summary" && Array.isArray(r.benches)) {
    const regressions = (r.comparison ?? []).flatMap((c) => c.rows ?? []).filter((row) => row.regression).length;
    parts.push(`${r.benches.map((b) => `${b.name}${b.ok ? "" : " ✗"}`).join(", ")}; ${regressions} regression${regressions === 1 ? "" : "s"}`);
  }
  if (r.jest || r.playwright) {
    if (r.jest) parts.push(`jest ${r.jest.passed} passed, ${r.jest.failed} failed`);
    if (r.playwright) parts.push(`Playwright ${r.playwright.passed} passed, ${r.playwright.failed} failed`);
    if (r.phases?.["whole .ci/run"] != null) parts.push(`whole .ci/run ${r.phases["whole .ci/run"]} s`);
    if (r.coverage?.pct != null) parts.push(`lib/ line coverage ${r.coverage.pct} %`);
  }
  if (r.delivered != null) {
    parts.push(`delivered ${r.delivered}/${r.events}, twice ${r.deliveredTwice}, out of order ${r.outOfOrder}`);
    if (r.delayAfterRecoverySec) parts.push(`delay after recovery p99 ${formatValue(r.delayAfterRecoverySec.p99, "s")}`);
    if (r.workerMemory?.peakMb != null) parts.push(`worker peak ${r.workerMemory.peakMb} MB`);
  }
  if (r.page?.p99 != null) parts.push(`page p99 ${ms(r.page.p99)}, ${formatValue(r.page.reqPerSec, "req/s")}`);
  if (r.firstLoadJs?.gzipKb != null) parts.push(`first-load JS ${formatValue(r.firstLoadJs.gzipKb, "KB")} gzip`);
  if (r.multipartMBs != null) parts.push(`multipart ${formatValue(r.multipartMBs, "MB/s")}, raw PUT ${formatValue(r.rawMBs, "MB/s")}, ratio ${formatValue(r.ratio, "×")}`);
  if (r.work?.p99 != null) parts.push(`at work p99 ${ms(r.work.p99)}; saturation ${formatValue(r.saturation?.rps, "req/s")}`);
  if (Array.isArray(r.runs) && r.runs[0]?.now) parts.push(`${r.viewers} viewers: p99 ${r.runs.map((x) => ms(x.now.p99)).join(", ")} (before: ${r.runs.map((x) => ms(x.before?.p99)).join(", ")})`);
  if (Array.isArray(r.rows) && r.rows[0]?.mbPerSec != null) parts.push(r.rows.map((x) => `${x.name} ${formatValue(x.mbPerSec, "MB/s")}`).join("; "));
  if (r.pass && typeof r.pass === "object") {
    const failed = Object.entries(r.pass).filter(([, ok]) => ok === false);
    if (failed.length) parts.push(`✗ ${failed.map(([k]) => k).join(", ")}`);
  }
  return parts.join("; ") || "—";
}

/** One line of the history table. `label`: the bench, with a run's tag if it had one ("engagement (diag-trace-gc)"). */
export function historyLine(label, r, at) {
  const name = label.replace(/ \(.*\)$/, "");
  const load = loadOf(r);
  const cell = (s) => String(s).replace(/\|/g, "\\|");
  return `| ${at.replace(/\.\d+Z$/, "Z")} | ${cell(label)} | ${cell(headlineOf(name, r))} | ${load == null ? "—" : load.toFixed(2)} |`;
}

/**
 * Records one run of bench `name`: the dated JSON in runs/ (and its Markdown beside it, when given),
 * the bench's latest Markdown and JSON (`latestJson: false`: Markdown only, for a record whose JSON
 * only repeats the benches' own), and its line in the history. Returns the paths written, relative to `root`.
 */
export function recordRun(root, name, result, { markdown = null, at = new Date(), latestJson = true } = {}) {
  const dir = resultsDir(root);
  fs.mkdirSync(runsDir(root), { recursive: true });
  const rel = (p) => path.relative(root, p);
  const json = JSON.stringify(result, null, 2) + "\n";
  const md = markdown == null ? null : markdown.endsWith("\n") ? markdown : markdown + "\n";
  const dated = path.join(runsDir(root), `${name}-${fileStamp(at)}.json`);
  fs.writeFileSync(dated, json);
  if (md != null) fs.writeFileSync(dated.replace(/\.json$/, ".md"), md);
  const written = { dated: rel(dated), latest: [] };
  if (latestJson) {
    fs.writeFileSync(path.join(dir, `${name}-latest.json`), json);
    written.latest.push(rel(path.join(dir, `${name}-latest.json`)));
  }
  if (md != null) {
    fs.writeFileSync(path.join(dir, `${name}-latest.md`), md);
    written.latest.push(rel(path.join(dir, `${name}-latest.md`)));
  }
  const history = path.join(dir, HISTORY_FILE);
  if (!fs.existsSync(history)) fs.writeFileSync(history, HISTORY_HEADER + "\n");
  fs.appendFileSync(history, historyLine(name, result, at.toISOString()) + "\n");
  written.history = rel(history);
  return written;
}

/** The latest recorded result of bench `name`, or null. */
export function readLatest(root, name) {
  const file = path.join(resultsDir(root), `${name}-latest.json`);
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}
