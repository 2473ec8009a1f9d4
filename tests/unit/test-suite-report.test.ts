// The timing report every `npm test` writes (bench/test-suite/report.mjs): phases, counts with
// retried tests named, the slowest suites and tests, and lib/'s line coverage.
import { buildReport, jestTimings, libLineCoverage, playwrightTimings, reportMarkdown } from "../../bench/test-suite/report.mjs";

const jestJson = {
  startTime: 1_000,
  numPassedTests: 3,
  numFailedTests: 1,
  numRuntimeErrorTestSuites: 0,
  testResults: [
    { name: "/repo/tests/integration/slow.test.ts", startTime: 1_000, endTime: 61_000, assertionResults: [{ fullName: "slow one", duration: 59_000, status: "passed" }] },
    {
      name: "/repo/tests/unit/quick.test.ts",
      startTime: 2_000,
      endTime: 3_000,
      assertionResults: [
        { fullName: "a", duration: 10, status: "passed" },
        { fullName: "b", duration: 20, status: "passed" },
        { fullName: "c", duration: 30, status: "failed" },
      ],
    },
    { name: "/repo/tests/unit/broken.test.ts", status: "failed", startTime: 3_000, endTime: 3_100, assertionResults: [] },
  ],
};

const pwJson = {
  stats: { duration: 90_000, expected: 2, unexpected: 0, flaky: 1, skipped: 0 },
  suites: [
    {
      file: "auth.spec.ts",
      specs: [
        { title: "signs in", tests: [{ projectName: "chromium", status: "expected", results: [{ duration: 4_000 }] }] },
        { title: "flaky one", tests: [{ projectName: "chromium", status: "flaky", results: [{ duration: 5_000 }, { duration: 6_000 }] }] },
      ],
      suites: [{ specs: [{ title: "nested", tests: [{ projectName: "processing", status: "expected", results: [{ duration: 20_000 }] }] }] }],
    },
  ],
};

it("times jest's suites and tests, relative to the project", () => {
  const t = jestTimings(jestJson, "/repo");
  expect(t.suites).toEqual([
    { runner: "jest", file: "tests/integration/slow.test.ts", seconds: 60, tests: 1, failed: 0 },
    { runner: "jest", file: "tests/unit/quick.test.ts", seconds: 1, tests: 3, failed: 1 },
    { runner: "jest", file: "tests/unit/broken.test.ts", seconds: 0.1, tests: 0, failed: 1 },
  ]);
  expect(t).toMatchObject({ wallSeconds: 60, passed: 3, failed: 1 });
});

it("times Playwright's specs with every retry counted, and names the tests that passed only on a retry", () => {
  const t = playwrightTimings(pwJson);
  expect(t.suites).toEqual([{ runner: "playwright", file: "tests/e2e/auth.spec.ts", seconds: 35, tests: 3, failed: 0 }]);
  expect(t.tests.find((x) => x.title === "flaky one")).toMatchObject({ seconds: 11, retries: 1 });
  expect(t.tests.find((x) => x.title.startsWith("nested"))!.title).toBe("nested [processing]");
  expect(t).toMatchObject({ wallSeconds: 90, passed: 3, failed: 0, flaky: 1, retried: ["tests/e2e/auth.spec.ts › flaky one"] });
});

it("counts the lines of lib/ only", () => {
  const summary = {
    total: { lines: { covered: 1, total: 1000 } },
    "/repo/lib/a.ts": { lines: { covered: 30, total: 40 } },
    "/repo/lib/b/c.ts": { lines: { covered: 10, total: 10 } },
    "/repo/components/x.tsx": { lines: { covered: 0, total: 500 } },
  };
  expect(libLineCoverage(summary, "/repo")).toEqual({ covered: 40, total: 50, pct: 80 });
  expect(libLineCoverage({}, "/repo")).toBeNull();
});

it("lists the slowest suites and tests of both runners first, and writes them as Markdown", () => {
  const r = buildReport({
    jest: jestTimings(jestJson, "/repo"),
    playwright: playwrightTimings(pwJson),
    coverage: { covered: 8, total: 10, pct: 80 },
    phases: { install: 60 },
    meta: { commit: "abc1234" },
  });
  expect(r.slowestSuites.map((s) => s.file)).toEqual(["tests/integration/slow.test.ts", "tests/e2e/auth.spec.ts", "tests/unit/quick.test.ts", "tests/unit/broken.test.ts"]);
  expect(r.slowestTests[0]).toMatchObject({ title: "slow one", seconds: 59 });
  const md = reportMarkdown(r);
  expect(md).toContain("| install | 1.0 min |");
  expect(md).toContain("1 passed only on a retry (tests/e2e/auth.spec.ts › flaky one)");
  expect(md).toContain("Line coverage of lib/ (jest): 80 %");
  expect(md).toContain("| tests/integration/slow.test.ts | jest | 1 | 60 |");
});

it("names every failed test, and a suite that could not run, above the tables (CI prints that part)", () => {
  const failedPw = { ...pwJson, suites: [{ file: "x.spec.ts", specs: [{ title: "breaks", tests: [{ projectName: "chromium", status: "unexpected", results: [{ duration: 1 }] }] }] }] };
  const r = buildReport({ jest: jestTimings(jestJson, "/repo"), playwright: playwrightTimings(failedPw) });
  expect(r.failing).toEqual(["tests/unit/quick.test.ts › c", "tests/unit/broken.test.ts › (the suite did not run)", "tests/e2e/x.spec.ts › breaks"]);
  const md = reportMarkdown(r);
  expect(md.indexOf("- tests/unit/quick.test.ts › c")).toBeLessThan(md.indexOf("## The 20 slowest"));
  expect(reportMarkdown(buildReport({ jest: jestTimings({ testResults: [] }) }))).not.toContain("Failed:");
});
