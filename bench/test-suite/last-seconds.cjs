// Each suite's seconds in the newest timing report (bench/results/test-suite-*.json, written by
// scripts/test-all.mjs), by its path: jest's order of suites (tests/setup/sequencer.cjs) and the
// inner loop's budget (scripts/test-changed.mjs) read it. `runner`: "jest" or "playwright", else both.
const fs = require("node:fs");
const path = require("node:path");

function lastSuiteSeconds(root, runner) {
  const dir = path.join(root, "bench", "results");
  const reports = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => /^test-suite-.*\.json$/.test(f))
        .sort()
    : [];
  if (!reports.length) return new Map();
  const report = JSON.parse(fs.readFileSync(path.join(dir, reports[reports.length - 1]), "utf8"));
  return new Map((report.suites ?? []).filter((s) => !runner || s.runner === runner).map((s) => [s.file, s.seconds]));
}

module.exports = { lastSuiteSeconds };
