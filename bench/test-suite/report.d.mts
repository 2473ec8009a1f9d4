export type Row = { runner: "jest" | "playwright"; file: string; seconds: number; tests: number; failed: number };
export type TestRow = { runner: "jest" | "playwright"; file: string; title: string; seconds: number; status: string; retries?: number };
export type Timings = { suites: Row[]; tests: TestRow[]; wallSeconds: number; passed: number; failed: number; flaky?: number; retried?: string[] };
export type Coverage = { covered: number; total: number; pct: number } | null;
export type Report = {
  phases: Record<string, number>;
  jest: { wallSeconds: number; passed: number; failed: number } | null;
  playwright: { wallSeconds: number; passed: number; failed: number; flaky: number; retried: string[] } | null;
  coverage: Coverage;
  slowestSuites: Row[];
  slowestTests: TestRow[];
  suites: Row[];
  [meta: string]: unknown;
};
export function jestTimings(json: unknown, root?: string): Timings;
export function playwrightTimings(json: unknown): Timings & { flaky: number; retried: string[] };
export function libLineCoverage(summary: unknown, root?: string): Coverage;
export function buildReport(input: {
  jest?: Timings | null;
  playwright?: (Timings & { flaky: number; retried: string[] }) | null;
  coverage?: Coverage;
  phases?: Record<string, number>;
  meta?: Record<string, unknown>;
}): Report;
export function reportMarkdown(report: Report): string;
