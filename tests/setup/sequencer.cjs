// Runs the slowest suites first, so that with parallel workers no long suite starts last and runs
// alone. The times come from the newest timing report in bench/results (test-suite-*.json, written
// by scripts/test-all.mjs); a suite it does not list yet counts as slow (it may be), then by size.
const fs = require("node:fs");
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;
const { lastSuiteSeconds } = require("../../bench/test-suite/last-seconds.cjs");

class SlowestFirst extends Sequencer {
  sort(tests) {
    const root = path.resolve(__dirname, "..", "..");
    const seconds = lastSuiteSeconds(root, "jest");
    const size = (t) => fs.statSync(t.path).size;
    const time = (t) => seconds.get(path.relative(root, t.path)) ?? Infinity;
    return [...tests].sort((a, b) => time(b) - time(a) || size(b) - size(a));
  }
}

module.exports = SlowestFirst;
