// Types of bench/results.mjs, for the unit tests (tests/unit/bench-results.test.ts).
export function resultsDir(root: string): string;
export function runsDir(root: string): string;
export const HISTORY_FILE: string;
export const HISTORY_HEADER: string;
export function loadOf(result: Record<string, unknown>): number | null;
export function headlineOf(name: string, result: Record<string, unknown>): string;
export function historyLine(label: string, result: Record<string, unknown>, at: string): string;
export function recordRun(
  root: string,
  name: string,
  result: Record<string, unknown>,
  opts?: { markdown?: string | null; at?: Date; latestJson?: boolean },
): { dated: string; latest: string[]; history: string };
export function readLatest(root: string, name: string): Record<string, unknown> | null;
