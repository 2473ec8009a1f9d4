// Each suite's seconds in the newest timing report (bench/results/test-suite-latest.json, written by
// scripts/test-all.mjs), by its path: jest's order of suites (tests/setup/sequencer.cjs) and the
// inner loop's budget (scripts/test-changed.mjs) read it. `runner`: "jest" or "playwright", else both.
const fs = require("node:fs");
const path = require("node:path");

function lastSuiteSeconds(root, runner) {
  const file = path.join(root, "bench", "results", "test-suite-latest.json");
  if (!fs.existsSync(file)) return new Map();
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  return new Map((report.suites ?? []).filter((s) => !runner || s.runner === runner).map((s) => [s.file, s.seconds]));
}

module.exports = { lastSuiteSeconds };
