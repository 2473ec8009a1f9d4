// The pure part of the test-suite timing report (scripts/test-all.mjs writes it after every run;
// tests/unit/test-suite-report.test.ts): from jest's and Playwright's JSON, the phase times, the
// counts (retried tests included), the slowest suites and tests, and lib/'s line coverage.

const round = (s) => Math.round(s * 10) / 10;

/** Jest's `--json` output: one entry per test file and per test, in seconds. */
export function jestTimings(json, root = "") {
  const rel = (f) => (root && f.startsWith(root) ? f.slice(root.length + 1) : f);
  const suites = [];
  const tests = [];
  for (const r of json.testResults ?? []) {
    const file = rel(r.name);
    suites.push({
      runner: "jest",
      file,
      seconds: round(((r.endTime ?? r.startTime) - r.startTime) / 1000),
      tests: (r.assertionResults ?? []).length,
      failed: (r.assertionResults ?? []).filter((a) => a.status === "failed").length || (r.status === "failed" ? 1 : 0),
    });
    for (const a of r.assertionResults ?? []) tests.push({ runner: "jest", file, title: a.fullName ?? a.title, seconds: round((a.duration ?? 0) / 1000), status: a.status });
  }
  // A suite that could not run (a syntax error, a hook that threw) has no failed test of its own.
  for (const r of json.testResults ?? [])
    if (r.status === "failed" && !(r.assertionResults ?? []).some((a) => a.status === "failed"))
      tests.push({ runner: "jest", file: rel(r.name), title: "(the suite did not run)", seconds: 0, status: "failed" });
  const start = json.startTime ?? Math.min(...(json.testResults ?? []).map((r) => r.startTime));
  const end = Math.max(start, ...(json.testResults ?? []).map((r) => r.endTime ?? 0));
  return { suites, tests, wallSeconds: round((end - start) / 1000), passed: json.numPassedTests ?? 0, failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0) };
}

/** Playwright's JSON reporter output: per spec file (summed over its tests) and per test, with every retry counted. */
export function playwrightTimings(json) {
  const tests = [];
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        tests.push({
          runner: "playwright",
          file: `tests/e2e/${here}`,
          title: [spec.title, t.projectName && t.projectName !== "chromium" ? `[${t.projectName}]` : ""].filter(Boolean).join(" "),
          seconds: round(results.reduce((s, r) => s + (r.duration ?? 0), 0) / 1000),
          retries: Math.max(0, results.length - 1),
          status: t.status,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const s of json.suites ?? []) walk(s, s.file);
  const byFile = new Map();
  for (const t of tests) {
    const f = byFile.get(t.file) ?? { runner: "playwright", file: t.file, seconds: 0, tests: 0, failed: 0 };
    f.seconds = round(f.seconds + t.seconds);
    f.tests += 1;
    if (t.status === "unexpected") f.failed += 1;
    byFile.set(t.file, f);
  }
  const stats = json.stats ?? {};
  return {
    suites: [...byFile.values()],
    tests,
    wallSeconds: round((stats.duration ?? 0) / 1000),
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    flaky: stats.flaky ?? 0,
    retried: tests.filter((t) => t.retries > 0).map((t) => `${t.file} › ${t.title}`),
  };
}

/** `coverage-summary.json` (jest's json-summary reporter): lines covered of the files under lib/. */
export function libLineCoverage(summary, root = "") {
  let covered = 0;
  let total = 0;
  for (const [file, v] of Object.entries(summary ?? {})) {
    if (file === "total") continue;
    const rel = root && file.startsWith(root) ? file.slice(root.length + 1) : file;
    if (!rel.startsWith("lib/")) continue;
    covered += v.lines.covered;
    total += v.lines.total;
  }
  return total === 0 ? null : { covered, total, pct: Math.round((covered / total) * 10000) / 100 };
}

const slowest = (rows, n) => [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, n);

/** Everything the report holds, as one object (also the JSON written beside it). */
export function buildReport({ jest, playwright, coverage, phases = {}, meta = {} }) {
  return {
    ...meta,
    phases,
    jest: jest && { wallSeconds: jest.wallSeconds, passed: jest.passed, failed: jest.failed },
    playwright: playwright && { wallSeconds: playwright.wallSeconds, passed: playwright.passed, failed: playwright.failed, flaky: playwright.flaky, retried: playwright.retried },
    coverage,
    failing: [...(jest?.tests ?? []), ...(playwright?.tests ?? [])].filter((t) => t.status === "failed" || t.status === "unexpected").map((t) => `${t.file} › ${t.title}`),
    slowestSuites: slowest([...(jest?.suites ?? []), ...(playwright?.suites ?? [])], 20),
    slowestTests: slowest([...(jest?.tests ?? []), ...(playwright?.tests ?? [])], 20),
    suites: [...(jest?.suites ?? []), ...(playwright?.suites ?? [])].sort((a, b) => a.file.localeCompare(b.file)),
  };
}

const minutes = (s) => (s == null ? "—" : `${(s / 60).toFixed(1)} min`);

/** The report as Markdown (bench/results/test-suite-latest.md). */
export function reportMarkdown(r) {
  const lines = [
    `# Test suite: ${r.date ?? ""}`,
    "",
    `Commit ${r.commit ?? "?"} on ${r.cores ?? "?"} cores; load average ${r.loadBefore ?? "?"} before, ${r.loadAfter ?? "?"} after.`,
    "",
    "| phase | time |",
    "| --- | --- |",
    ...Object.entries(r.phases).map(([k, v]) => `| ${k} | ${minutes(v)} |`),
    `| jest (wall) | ${minutes(r.jest?.wallSeconds)} |`,
    `| Playwright (wall) | ${minutes(r.playwright?.wallSeconds)} |`,
    "",
    `jest: ${r.jest?.passed ?? 0} passed, ${r.jest?.failed ?? 0} failed. Playwright: ${r.playwright?.passed ?? 0} passed, ${r.playwright?.failed ?? 0} failed, ${r.playwright?.flaky ?? 0} passed only on a retry${r.playwright?.retried?.length ? ` (${r.playwright.retried.join("; ")})` : ""}.`,
    ...(r.failing?.length ? ["", "Failed:", ...r.failing.map((f) => `- ${f}`)] : []),
    "",
    r.coverage ? `Line coverage of lib/ (jest): ${r.coverage.pct} % (${r.coverage.covered} of ${r.coverage.total} lines).` : "Line coverage of lib/: not collected in this run.",
    "",
    "## The 20 slowest suites",
    "",
    "| suite | runner | tests | seconds |",
    "| --- | --- | --- | --- |",
    ...r.slowestSuites.map((s) => `| ${s.file} | ${s.runner} | ${s.tests} | ${s.seconds} |`),
    "",
    "## The 20 slowest tests",
    "",
    "| test | suite | seconds |",
    "| --- | --- | --- |",
    ...r.slowestTests.map((t) => `| ${t.title.replace(/\|/g, "\\|").slice(0, 140)} | ${t.file} | ${t.seconds} |`),
    "",
  ];
  return lines.join("\n");
}
