// Where a bench run's results go (bench/results.mjs): the dated run in the ignored runs/ folder, the
// bench's latest JSON and Markdown, one line of the history; and what the readers of those files find.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HISTORY_HEADER, headlineOf, historyLine, loadOf, readLatest, recordRun } from "../../bench/results.mjs";
import { figure } from "../../bench/summary.mjs";
const { lastSuiteSeconds } = require("../../bench/test-suite/last-seconds.cjs") as { lastSuiteSeconds: (root: string, runner?: string) => Map<string, number> };

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "bench-results-"));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const results = (...p: string[]) => path.join(root, "bench", "results", ...p);
const p99 = (value: number) => figure("page p99", value, "ms", { better: "lower", target: "< 100 ms", met: value < 100 });
const rps = (value: number) => figure("page req/s", value, "req/s", { better: "higher" });

describe("recordRun", () => {
  it("writes the dated run into runs/, overwrites the latest JSON and Markdown, and appends a history line", () => {
    const first = recordRun(
      root,
      "viewer",
      { name: "viewer", at: "2026-12-01T10:00:00.000Z", loadAvg: 0.5, summary: [p99(80), rps(700)] },
      { markdown: "# viewer one", at: new Date("2026-12-01T10:00:00.000Z") },
    );
    const second = recordRun(
      root,
      "viewer",
      { name: "viewer", at: "2026-12-02T11:30:00.000Z", loadAvg: 1.25, summary: [p99(120), rps(650)] },
      { markdown: "# viewer two\n", at: new Date("2026-12-02T11:30:00.000Z") },
    );

    expect(first.dated).toBe("bench/results/runs/viewer-2026-12-01T10-00-00.json");
    expect(second).toEqual({
      dated: "bench/results/runs/viewer-2026-12-02T11-30-00.json",
      latest: ["bench/results/viewer-latest.json", "bench/results/viewer-latest.md"],
      history: "bench/results/history.md",
    });
    expect(fs.readdirSync(results("runs")).sort()).toEqual(["viewer-2026-12-01T10-00-00.json", "viewer-2026-12-01T10-00-00.md", "viewer-2026-12-02T11-30-00.json", "viewer-2026-12-02T11-30-00.md"]);
    expect(fs.readdirSync(results()).sort()).toEqual(["history.md", "runs", "viewer-latest.json", "viewer-latest.md"]);
    expect(readLatest(root, "viewer")).toMatchObject({ at: "2026-12-02T11:30:00.000Z" });
    expect(fs.readFileSync(results("viewer-latest.md"), "utf8")).toBe("# viewer two\n");
    expect(fs.readFileSync(results("history.md"), "utf8")).toBe(
      [HISTORY_HEADER, "| 2026-12-01T10:00:00Z | viewer | page p99 80 ms | 0.50 |", "| 2026-12-02T11:30:00Z | viewer | page p99 120 ms ✗ | 1.25 |", ""].join("\n"),
    );
  });

  it("keeps no latest JSON when told (the summary's only repeats the benches' own)", () => {
    recordRun(root, "summary", { at: "2026-12-01T10:00:00.000Z", benches: [] }, { markdown: "# summary", latestJson: false });
    expect(fs.existsSync(results("summary-latest.json"))).toBe(false);
    expect(fs.existsSync(results("summary-latest.md"))).toBe(true);
    expect(readLatest(root, "summary")).toBeNull();
  });

  it("records the timing report where the test order reads it back", () => {
    expect(lastSuiteSeconds(root, "jest").size).toBe(0);
    const report = { date: "2026-12-01T10:00:00.000Z", suites: [{ file: "tests/unit/a.test.ts", runner: "jest", seconds: 4.2 }], jest: { passed: 3, failed: 0 } };
    recordRun(root, "test-suite", report, { markdown: "# report" });
    expect(lastSuiteSeconds(root, "jest")).toEqual(new Map([["tests/unit/a.test.ts", 4.2]]));
  });
});

describe("the history line", () => {
  it("shows the figures with a target (else the first few) and the load average a result recorded", () => {
    expect(headlineOf("viewer", { summary: [rps(700), p99(80)] })).toBe("page p99 80 ms");
    expect(headlineOf("x", { summary: [rps(700)] })).toBe("page req/s 700 req/s");
    expect(headlineOf("test-suite", { jest: { passed: 10, failed: 1 }, playwright: { passed: 5, failed: 0 }, phases: { "whole .ci/run": 900 }, coverage: { pct: 90.5 } })).toBe(
      "jest 10 passed, 1 failed; Playwright 5 passed, 0 failed; whole .ci/run 900 s; lib/ line coverage 90.5 %",
    );
    expect(headlineOf("webhooks", { events: 100, delivered: 100, deliveredTwice: 0, outOfOrder: 0 })).toBe("delivered 100/100, twice 0, out of order 0");
    expect(headlineOf("x", {})).toBe("—");
  });

  it("reads the load average in each form the benches have written it", () => {
    expect(loadOf({ loadAvgAtStart: 1.234 })).toBe(1.23);
    expect(loadOf({ load: "14.18 11.04 8.01" })).toBe(14.18);
    expect(loadOf({ loadBefore: "2.5 3 4" })).toBe(2.5);
    expect(loadOf({ results: { gallery: { load: 1.2 }, home: { load: 1.4 } } })).toBe(1.4);
    expect(loadOf({ machine: { load1: 0.7 } })).toBe(0.7);
    expect(loadOf({})).toBeNull();
  });

  it("keeps a table cell whole when a figure's name holds a bar", () => {
    expect(historyLine("engagement (diag)", { summary: [figure("a|b", 1, "ms", { better: "lower" })] }, "2026-12-01T10:00:00.123Z")).toBe(
      "| 2026-12-01T10:00:00Z | engagement (diag) | a\\|b 1 ms | — |",
    );
  });
});
