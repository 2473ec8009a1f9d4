// Types of bench/summary.mjs, for the unit tests (tests/unit/bench-summary.test.ts).
export type Better = "lower" | "higher";
export type Figure = { metric: string; value: number | null; unit: string; target: string | null; met: boolean | null; better: Better };
export type BenchRun = { name: string; ok: boolean; exitCode?: number | null; seconds?: number; loadAvg?: number; resultFile?: string | null; error?: string; figures: Figure[] };
export type Summary = {
  at: string;
  file?: string;
  commit: string | null;
  branch?: string | null;
  dirty?: boolean;
  machine: { cpus: number; cpuModel?: string | null; memGb: number; node: string; platform: string };
  build?: string;
  benches: BenchRun[];
};
export type ComparedFigure = {
  metric: string;
  unit: string;
  value: number | null;
  better: Better;
  before: number | null;
  changePct: number | null;
  worse: boolean;
  regression: boolean;
  targetLost: boolean;
  isNew: boolean;
};
export type BenchComparison = { name: string; previous: { at: string; file: string | null; commit: string | null } | null; rows: ComparedFigure[] };

export function figure(metric: string, value: number, unit: string, opts: { better: Better; target?: string | null; met?: boolean | null }): Figure;
export function fileStamp(date: Date): string;
export function isSummaryFile(name: string): boolean;
export function formatValue(value: number | null | undefined, unit?: string): string;
export function formatPct(pct: number | null | undefined): string;
export function compareFigure(now: Figure, before: Figure | undefined, threshold: number): ComparedFigure;
export function previousFor(bench: string, summaries: Summary[], currentAt: string): { at: string; file: string | null; commit: string | null; bench: BenchRun } | null;
export function compareSummary(current: Summary, earlier: Summary[], threshold: number): BenchComparison[];
export function regressionLines(comparison: BenchComparison[]): string[];
export function renderMarkdown(summary: Summary, comparison: BenchComparison[], threshold: number): string;
