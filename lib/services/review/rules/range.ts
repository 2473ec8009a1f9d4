// A comment's range (in and out points on the film) as a composer marks it, and where a range or a
// point sits on the review's timeline. Pure (tests/unit/review-range.test.ts): the composers
// (components/review/composer.tsx) and the strip (components/review/comment-strip.tsx) use them.

/** A comment's place on the film: at `time`, or over `time`–`endTime` (null: a point). */
export type Range = { time: number; endTime: number | null };

/**
 * The range after its in or out point is set at `at` (seconds). An in point after the out point
 * drops the out point; an out point before the in point swaps them (the earlier one is the in); an
 * out point on the in point leaves a point.
 */
export function markRange(range: Range, point: "in" | "out", at: number): Range {
  if (point === "in") return { time: at, endTime: range.endTime !== null && range.endTime > at ? range.endTime : null };
  if (at > range.time) return { time: range.time, endTime: at };
  if (at < range.time) return { time: at, endTime: range.time };
  return { time: range.time, endTime: null };
}

/**
 * Where a marker is drawn on a timeline of `duration` seconds, in percent of its width: a point at
 * its time (`width` null), a range as a span from its in to its out point; both kept on the line.
 */
export function timelineSpan(range: Range, duration: number): { left: number; width: number | null } {
  const pct = (s: number) => Math.min(100, Math.max(0, (s / duration) * 100));
  const left = pct(range.time);
  return { left, width: range.endTime !== null && range.endTime > range.time ? pct(range.endTime) - left : null };
}
