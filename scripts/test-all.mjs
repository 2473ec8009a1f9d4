// `npm test`: the whole suite — jest (unit + integration on embedded PostgreSQL and S3) and then
// Playwright against the production build in Chromium — closing with one plain summary line.
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { execFileSync, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildReport, jestTimings, libLineCoverage, playwrightTimings, reportMarkdown } from "../bench/test-suite/report.mjs";
import { recordRun } from "../bench/results.mjs";
import { buildApp } from "./build-app.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const results = path.join(root, ".data", "results");
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function findChromium() {
  // The headless shell first (playwright.config.ts says why).
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((p) => p && fs.existsSync(p));
}

let chromium = findChromium();
if (!chromium && process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
  console.log("Chromium not found: installing Debian's chromium-headless-shell package…");
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium-headless-shell"], { stdio: "inherit" });
  chromium = findChromium();
}
if (!chromium) {
  console.error("The browser tests need Chromium: install it (Debian: apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_PATH.");
  console.log("tests: 0 passed, 1 failed");
  process.exit(1);
}

const env = { ...process.env, PLAYWRIGHT_CHROMIUM_PATH: chromium, NEXT_TELEMETRY_DISABLED: "1" };
const jestFile = path.join(results, "jest.json");
const pwFile = path.join(results, "playwright.json");

const coverageDir = path.join(results, "coverage");
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const loadBefore = load();
const started = Date.now();
const jest = spawnSync(bin("jest"), ["--ci", "--json", `--outputFile=${jestFile}`, "--coverage", `--coverageDirectory=${coverageDir}`], { env, stdio: "inherit" });
const jestSeconds = (Date.now() - started) / 1000;
// The production build, before Playwright and outside its web server's time-out (a loaded machine
// took more than its 5 minutes to build, and the whole browser suite was lost).
const buildStarted = Date.now();
const built = buildApp(root) === 0;
const buildSeconds = (Date.now() - buildStarted) / 1000;
const pwStarted = Date.now();
const pw = built ? spawnSync(bin("playwright"), ["test"], { env: { ...env, E2E_SKIP_BUILD: "1", PLAYWRIGHT_JSON_OUTPUT_NAME: pwFile }, stdio: "inherit" }) : { status: 1 };
if (!built) console.log("the production build failed: the browser tests did not run");
const pwSeconds = (Date.now() - pwStarted) / 1000;
writeReport();

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(jestFile)) {
  const j = JSON.parse(fs.readFileSync(jestFile, "utf8"));
  passed += j.numPassedTests;
  failed += j.numFailedTests + j.numRuntimeErrorTestSuites;
  skipped += j.numPendingTests + j.numTodoTests;
} else {
  failed += 1;
}
if (fs.existsSync(pwFile)) {
  const s = JSON.parse(fs.readFileSync(pwFile, "utf8")).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  if ((s.expected ?? 0) + (s.unexpected ?? 0) + (s.flaky ?? 0) === 0 && pw.status !== 0) failed += 1;
} else {
  failed += 1;
}
if (failed === 0 && (jest.status !== 0 || pw.status !== 0)) failed += 1; // a runner died outside any test

/**
 * The timing report of this run (bench/test-suite/report.mjs), recorded by bench/results.mjs:
 * bench/results/test-suite-latest.json and .md, a line of history.md, and the dated
 * runs/test-suite-<time>.json; with the phases .ci/run timed (CI_PHASES="install=61,lint=35,…").
 */
function writeReport() {
  try {
    const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
    const jestJson = read(jestFile);
    const pwJson = read(pwFile);
    const phases = Object.fromEntries(
      (process.env.CI_PHASES ?? "")
        .split(",")
        .filter(Boolean)
        .map((p) => p.split("="))
        .map(([k, v]) => [k, Number(v)]),
    );
    Object.assign(phases, { "npm test: jest": Math.round(jestSeconds), "npm test: build": Math.round(buildSeconds), "npm test: Playwright": Math.round(pwSeconds) });
    if (process.env.CI_STARTED_AT) phases["whole .ci/run"] = Math.round(Date.now() / 1000 - Number(process.env.CI_STARTED_AT));
    let commit = "?";
    try {
      commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    } catch {}
    const now = new Date();
    const report = buildReport({
      jest: jestJson && jestTimings(jestJson, root),
      playwright: pwJson && playwrightTimings(pwJson),
      coverage: libLineCoverage(read(path.join(coverageDir, "coverage-summary.json")), root),
      phases,
      meta: { date: now.toISOString(), commit, cores: os.cpus().length, loadBefore, loadAfter: load() },
    });
    const md = reportMarkdown(report);
    recordRun(root, "test-suite", report, { markdown: md, at: now });
    console.log(`\n${md.split("## The 20 slowest tests")[0].trim()}\n(bench/results/test-suite-latest.md)\n`);
  } catch (e) {
    console.error(`the timing report could not be written: ${e.message}`);
  }
}

console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
