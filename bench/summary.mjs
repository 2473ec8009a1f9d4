// The pure parts of `npm run bench` (bench/run-all.mjs): a bench's figures in one shape, the
// comparison with earlier summaries, and the Markdown record. No I/O here (tests/unit/bench-summary.test.ts).

/**
 * One figure of a bench, as its results JSON carries it in `summary`. `better` says which way is an
 * improvement ("lower" for latencies, memory, sizes; "higher" for throughput); `target` is the
 * bench's own target as text ("< 100 ms") and `met` whether this run reached it (null: no target).
 */
export function figure(metric, value, unit, { better, target = null, met = null }) {
  if (better !== "lower" && better !== "higher") throw new Error(`figure ${metric}: better must be "lower" or "higher"`);
  return { metric, value: Number.isFinite(value) ? value : null, unit, target, met: target == null ? null : Boolean(met), better };
}

/** `2026-11-23T09-41-07`: the UTC stamp of result file names (sorts by time). */
export function fileStamp(date) {
  return date.toISOString().replace(/[:.]/g, "-").slice(0, 19);
}

/** Whether a file name is a dated summary (`summary-<stamp>.json`). */
export const isSummaryFile = (name) => /^summary-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.json$/.test(name);

/** A value with its unit, rounded to what the figure can tell: 248 ms, 99.7 MB/s, 0.43 ×. */
export function formatValue(value, unit = "") {
  if (value == null || !Number.isFinite(value)) return "—";
  const abs = Math.abs(value);
  const digits = abs === 0 || Number.isInteger(value) ? 0 : abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  const text = value.toFixed(digits);
  return unit ? `${text} ${unit}` : text;
}

/** A signed change in percent: "+12.3 %", "−4.0 %", "0.0 %". */
export function formatPct(pct) {
  if (pct == null || !Number.isFinite(pct)) return "—";
  const sign = pct > 0 ? "+" : pct < 0 ? "−" : "";
  return `${sign}${Math.abs(pct).toFixed(1)} %`;
}

/**
 * One figure against the same figure of an earlier run. `changePct` is the change of the value
 * itself (null when the earlier value was 0); `regression` when it moved the worse way by more than
 * `threshold` percent (any worsening from 0 counts), or when a target met before is no longer met.
 */
export function compareFigure(now, before, threshold) {
  if (!before || before.value == null || now.value == null) return { ...base(now), before: null, changePct: null, worse: false, regression: false, targetLost: false, isNew: true };
  const delta = now.value - before.value;
  const changePct = before.value === 0 ? (delta === 0 ? 0 : null) : (delta / Math.abs(before.value)) * 100;
  const worse = now.better === "lower" ? delta > 0 : delta < 0;
  const beyond = changePct == null ? delta !== 0 : Math.abs(changePct) > threshold;
  const targetLost = before.met === true && now.met === false;
  return { ...base(now), before: before.value, changePct, worse, regression: (worse && beyond) || targetLost, targetLost, isNew: false };
}

const base = (f) => ({ metric: f.metric, unit: f.unit, value: f.value, better: f.better });

/**
 * The newest earlier summary that holds figures for `bench` (summaries as loaded, any order). A run
 * of a subset (`--only`) leaves the other benches to be compared with the last run that had them.
 */
export function previousFor(bench, summaries, currentAt) {
  const earlier = summaries.filter((s) => s.at < currentAt && s.benches?.some((b) => b.name === bench && b.ok && b.figures?.length)).sort((a, b) => (a.at < b.at ? 1 : -1));
  if (!earlier.length) return null;
  const found = earlier[0];
  return { at: found.at, file: found.file ?? null, commit: found.commit ?? null, bench: found.benches.find((b) => b.name === bench) };
}

/** Every bench of `current` compared with its previous run (see previousFor). */
export function compareSummary(current, earlier, threshold) {
  return current.benches.map((bench) => {
    const prev = bench.ok ? previousFor(bench.name, earlier, current.at) : null;
    const byMetric = new Map((prev?.bench.figures ?? []).map((f) => [f.metric, f]));
    const rows = (bench.figures ?? []).map((f) => compareFigure(f, byMetric.get(f.metric), threshold));
    return { name: bench.name, previous: prev && { at: prev.at, file: prev.file, commit: prev.commit }, rows };
  });
}

const metText = (f) => (f.met == null ? "—" : f.met ? "met" : "**NOT met**");

function changeText(row) {
  if (row.isNew) return "new";
  if (row.changePct == null) return row.worse ? "from 0 ⚠" : "from 0";
  const pct = formatPct(row.changePct);
  if (row.regression) return `${pct} ⚠ worse${row.targetLost ? ", target lost" : ""}`;
  if (row.changePct !== 0 && !row.worse) return `${pct} (better)`;
  return pct;
}

const shortCommit = (c) => (c ? c.slice(0, 7) : "?");

/** The regressions of a comparison, one line each ("viewer: page p99 248 ms (was 200 ms, +24.0 %)"). */
export function regressionLines(comparison) {
  const lines = [];
  for (const bench of comparison) {
    for (const r of bench.rows.filter((row) => row.regression)) {
      const change = r.changePct == null ? "from 0" : formatPct(r.changePct);
      lines.push(`${bench.name}: ${r.metric} ${formatValue(r.value, r.unit)} (was ${formatValue(r.before, r.unit)}, ${change}${r.targetLost ? ", target no longer met" : ""})`);
    }
  }
  return lines;
}

/** The Markdown record of one `npm run bench`. */
export function renderMarkdown(summary, comparison, threshold) {
  const m = summary.machine;
  const lines = [
    `# Benchmarks — ${summary.at}`,
    "",
    `Commit \`${shortCommit(summary.commit)}\`${summary.branch ? ` (${summary.branch})` : ""}${summary.dirty ? ", with uncommitted changes" : ""} · ` +
      `${m.cpus} CPUs${m.cpuModel ? ` (${m.cpuModel})` : ""}, ${m.memGb} GB · Node ${m.node} · ${m.platform}`,
    `Benches run one after another${summary.build ? `; ${summary.build}` : ""}. Load average when each started is shown: other work on the machine moves the figures.`,
    "",
  ];
  const crashed = summary.benches.filter((b) => !b.ok);
  const regressions = regressionLines(comparison);
  lines.push(
    "## Regressions and crashes",
    "",
    `A figure worse than its previous run by more than ${threshold} %, or a target no longer met, is flagged ⚠.`,
    "",
    ...(regressions.length || crashed.length ? [...crashed.map((b) => `- ✗ ${b.name} crashed: ${b.error}`), ...regressions.map((l) => `- ⚠ ${l}`)] : ["None."]),
    "",
  );
  for (const bench of summary.benches) {
    const cmp = comparison.find((c) => c.name === bench.name);
    lines.push(
      `## ${bench.name}`,
      "",
      `${bench.ok ? "ran" : "**crashed**"} in ${formatValue(bench.seconds, "s")}, load average ${bench.loadAvg?.toFixed(2) ?? "?"} at start` +
        (bench.resultFile ? ` · \`${bench.resultFile}\`` : "") +
        (cmp?.previous ? ` · compared with ${cmp.previous.at} (\`${shortCommit(cmp.previous.commit)}\`)` : bench.ok ? " · no earlier run to compare with" : ""),
      "",
    );
    if (!bench.ok) {
      lines.push(`Error: ${bench.error}`, "");
      continue;
    }
    if (!bench.figures?.length) {
      lines.push("Its results JSON has no `summary` figures (see bench/summary.mjs `figure()`).", "");
      continue;
    }
    lines.push("| metric | value | target | met | previous | change |", "| --- | --- | --- | --- | --- | --- |");
    for (const f of bench.figures) {
      const row = cmp?.rows.find((r) => r.metric === f.metric);
      lines.push(
        `| ${f.metric} | ${formatValue(f.value, f.unit)} | ${f.target ?? "—"} | ${metText(f)} | ${row && !row.isNew ? formatValue(row.before, f.unit) : "—"} | ${row ? changeText(row) : "—"} |`,
      );
    }
    lines.push("");
  }
  return lines.join("\n");
}
