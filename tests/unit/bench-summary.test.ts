// The pure parts of `npm run bench` (bench/summary.mjs): figures, the comparison with earlier runs,
// and the Markdown record.
import { compareFigure, compareSummary, figure, fileStamp, formatPct, formatValue, isSummaryFile, previousFor, regressionLines, renderMarkdown, type Summary } from "../../bench/summary.mjs";

const machine = { cpus: 2, cpuModel: "Test CPU", memGb: 24, node: "v20.20.2", platform: "linux x64" };

function run(at: string, benches: Summary["benches"], commit = "a".repeat(40)): Summary {
  return { at, commit, branch: "benchall", dirty: false, machine, benches };
}

const p99 = (value: number) => figure("page p99", value, "ms", { better: "lower", target: "< 100 ms", met: value < 100 });
const rps = (value: number) => figure("page req/s", value, "req/s", { better: "higher" });

describe("figure", () => {
  it("keeps the bench's target and whether it was met; no target means met is null", () => {
    expect(p99(80)).toEqual({ metric: "page p99", value: 80, unit: "ms", target: "< 100 ms", met: true, better: "lower" });
    expect(rps(700)).toMatchObject({ target: null, met: null });
  });

  it("records a value that is not a number as null, and refuses an unknown direction", () => {
    expect(figure("x", NaN, "ms", { better: "lower" }).value).toBeNull();
    // @ts-expect-error: the direction is checked at run time too
    expect(() => figure("x", 1, "ms", { better: "faster" })).toThrow(/better/);
  });
});

describe("formatting", () => {
  it.each([
    [248, "ms", "248 ms"],
    [99.73, "MB/s", "99.7 MB/s"],
    [0.431, "×", "0.43 ×"],
    [683.4, "req/s", "683 req/s"],
    [0, "", "0"],
    [2, "", "2"],
    [null, "ms", "—"],
  ])("%p %p → %p", (value, unit, shown) => {
    expect(formatValue(value as number | null, unit as string)).toBe(shown);
  });

  it("signs percentages with a true minus", () => {
    expect(formatPct(12.345)).toBe("+12.3 %");
    expect(formatPct(-4)).toBe("−4.0 %");
    expect(formatPct(0)).toBe("0.0 %");
    expect(formatPct(null)).toBe("—");
  });

  it("stamps files in UTC, sortable, and recognises only dated summaries", () => {
    expect(fileStamp(new Date("2026-11-23T09:41:07.123Z"))).toBe("2026-11-23T09-41-07");
    expect(isSummaryFile("summary-2026-11-23T09-41-07.json")).toBe(true);
    expect(isSummaryFile("summary-latest.md")).toBe(false);
    expect(isSummaryFile("viewer-2026-11-23T09-41-07.json")).toBe(false);
  });
});

describe("compareFigure", () => {
  it("flags a latency more than 10 % worse as a regression, and exactly 10 % not", () => {
    expect(compareFigure(p99(66), p99(60), 10)).toMatchObject({ before: 60, worse: true, regression: false });
    const r = compareFigure(p99(70), p99(60), 10);
    expect(r.changePct).toBeCloseTo(16.67, 2);
    expect(r).toMatchObject({ worse: true, regression: true, targetLost: false });
  });

  it("reads direction from `better`: fewer requests per second is worse, a faster p99 is better", () => {
    expect(compareFigure(rps(500), rps(700), 10)).toMatchObject({ worse: true, regression: true });
    expect(compareFigure(rps(900), rps(700), 10)).toMatchObject({ worse: false, regression: false });
    expect(compareFigure(p99(40), p99(60), 10)).toMatchObject({ worse: false, regression: false });
  });

  it("flags a target met before and no longer met, however small the change", () => {
    expect(compareFigure(p99(101), p99(99), 10)).toMatchObject({ regression: true, targetLost: true });
  });

  it("treats any worsening from 0 as a regression (no percentage), and a new figure as new", () => {
    const errors = (n: number) => figure("errors", n, "", { better: "lower", target: "0", met: n === 0 });
    expect(compareFigure(errors(3), errors(0), 10)).toMatchObject({ changePct: null, worse: true, regression: true });
    expect(compareFigure(errors(0), errors(0), 10)).toMatchObject({ changePct: 0, regression: false });
    expect(compareFigure(errors(0), undefined, 10)).toMatchObject({ isNew: true, regression: false, before: null });
  });
});

describe("previousFor and compareSummary", () => {
  const full1 = run(
    "2026-11-20T10:00:00.000Z",
    [
      { name: "viewer", ok: true, figures: [p99(60), rps(700)] },
      { name: "upload", ok: true, figures: [figure("multipart MB/s", 100, "MB/s", { better: "higher" })] },
    ],
    "1".repeat(40),
  );
  const viewerOnly = run("2026-11-21T10:00:00.000Z", [{ name: "viewer", ok: true, figures: [p99(62), rps(690)] }], "2".repeat(40));
  const crashed = run("2026-11-22T10:00:00.000Z", [{ name: "upload", ok: false, error: "exit code 1", figures: [] }], "3".repeat(40));
  const later = run("2026-11-30T10:00:00.000Z", [{ name: "viewer", ok: true, figures: [p99(1)] }]);

  it("takes, per bench, the newest earlier run that has its figures (a subset run or a crash leaves the others alone)", () => {
    const all = [later, crashed, full1, viewerOnly];
    expect(previousFor("viewer", all, "2026-11-23T00:00:00.000Z")?.commit).toBe("2".repeat(40));
    expect(previousFor("upload", all, "2026-11-23T00:00:00.000Z")?.commit).toBe("1".repeat(40));
    expect(previousFor("studio-load", all, "2026-11-23T00:00:00.000Z")).toBeNull();
  });

  it("compares each figure by metric name", () => {
    const now = run("2026-11-23T10:00:00.000Z", [
      { name: "viewer", ok: true, figures: [p99(75), rps(700)] },
      { name: "upload", ok: true, figures: [figure("multipart MB/s", 101, "MB/s", { better: "higher" })] },
      { name: "studio-load", ok: true, figures: [figure("at work: p99", 40, "ms", { better: "lower" })] },
    ]);
    const cmp = compareSummary(now, [full1, viewerOnly, crashed, later], 10);
    expect(cmp.map((c) => [c.name, c.previous?.at ?? null])).toEqual([
      ["viewer", "2026-11-21T10:00:00.000Z"],
      ["upload", "2026-11-20T10:00:00.000Z"],
      ["studio-load", null],
    ]);
    expect(regressionLines(cmp)).toEqual(["viewer: page p99 75 ms (was 62 ms, +21.0 %)"]);
  });
});

describe("renderMarkdown", () => {
  const previous = run("2026-11-21T10:00:00.000Z", [{ name: "viewer", ok: true, figures: [p99(90), rps(700)] }], "2".repeat(40));
  const now: Summary = {
    ...run(
      "2026-11-23T10:00:00.000Z",
      [
        { name: "upload", ok: false, exitCode: 1, seconds: 12, loadAvg: 1.5, error: "exit code 1", figures: [] },
        { name: "viewer", ok: true, exitCode: 0, seconds: 95.2, loadAvg: 0.8, resultFile: "bench/results/viewer-2026-11-23T10-00-00.json", figures: [p99(120), rps(720)] },
      ],
      "8a6ac4b" + "0".repeat(33),
    ),
    build: "the app built once (next build, 40 s) and shared",
  };
  const md = renderMarkdown(now, compareSummary(now, [previous], 10), 10);

  it("heads the record with the date, commit and machine", () => {
    expect(md).toContain("# Benchmarks — 2026-11-23T10:00:00.000Z");
    expect(md).toContain("Commit `8a6ac4b` (benchall) · 2 CPUs (Test CPU), 24 GB · Node v20.20.2 · linux x64");
    expect(md).toContain("the app built once (next build, 40 s) and shared");
  });

  it("lists regressions and crashes first, so a slowdown is seen", () => {
    const head = md.slice(0, md.indexOf("## upload"));
    expect(head).toContain("- ⚠ viewer: page p99 120 ms (was 90 ms, +33.3 %, target no longer met)");
    expect(head).toContain("- ✗ upload crashed: exit code 1");
  });

  it("gives each bench a table of value, target, met, previous value and change", () => {
    expect(md).toContain("| metric | value | target | met | previous | change |");
    expect(md).toContain("| page p99 | 120 ms | < 100 ms | **NOT met** | 90 ms | +33.3 % ⚠ worse, target lost |");
    expect(md).toContain("| page req/s | 720 req/s | — | — | 700 req/s | +2.9 % (better) |");
    expect(md).toContain("compared with 2026-11-21T10:00:00.000Z (`2222222`)");
    expect(md).toMatch(/## upload\n\n\*\*crashed\*\* in 12 s[^\n]*\n\nError: exit code 1/);
  });

  it("says None when nothing got worse", () => {
    const calm = run("2026-11-24T10:00:00.000Z", [{ name: "viewer", ok: true, figures: [p99(88), rps(705)] }]);
    expect(renderMarkdown(calm, compareSummary(calm, [previous], 10), 10)).toMatch(/## Regressions and crashes\n\n[^\n]+\n\nNone\./);
  });
});
