// What a film's viewers watched, as pure arithmetic on ranges of seconds (no I/O; the server's
// buffer, the flush and the studio's insights all use it). A range is [start, end) in seconds of the
// film, start < end. "Watched" ranges are kept merged: sorted, non-overlapping, touching ones joined.
// The heat strip splits a film into HEAT_BUCKETS equal parts and sums the seconds played in each,
// re-watching included.

/** The parts of a film's heat strip (FilmStat.heat has this many entries once a film was played). */
export const HEAT_BUCKETS = 100;

/** At most this many separate watched ranges are kept per viewer and film (the closest are joined beyond). */
const MAX_STORED_RANGES = 200;

export type Range = [start: number, end: number];
type RangeLike = readonly [number, number];

const valid = (r: RangeLike) => Number.isFinite(r[0]) && Number.isFinite(r[1]) && r[0] < r[1];

/** Sorted, merged, non-overlapping ranges covering exactly the union of the given ones (empty or invalid ranges dropped). */
export function mergeRanges(ranges: readonly RangeLike[]): Range[] {
  const sorted = ranges.filter(valid).map((r): Range => [r[0], r[1]]);
  sorted.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** The ranges cut to [0, duration] (what lies outside is dropped), in their order, not merged. */
export function clampRanges(ranges: readonly RangeLike[], duration: number): Range[] {
  const out: Range[] = [];
  for (const r of ranges) {
    if (!valid(r)) continue;
    const s = Math.max(0, r[0]);
    const e = Math.min(duration, r[1]);
    if (s < e) out.push([s, e]);
  }
  return out;
}

/** The total length of ranges as given (overlaps counted twice: time played). */
export function playedSeconds(ranges: readonly RangeLike[]): number {
  let total = 0;
  for (const r of ranges) if (valid(r)) total += r[1] - r[0];
  return total;
}

/** The seconds of the film the ranges cover (each second once: time watched). */
export function coverage(ranges: readonly RangeLike[]): number {
  return playedSeconds(mergeRanges(ranges));
}

/** The share of the film the ranges cover, 0–100. */
export function watchedPercent(ranges: readonly RangeLike[], duration: number | null | undefined): number {
  if (!duration || duration <= 0) return 0;
  return Math.min(100, (coverage(clampRanges(ranges, duration)) / duration) * 100);
}

/**
 * Merged ranges with at most `max` entries: beyond it, the smallest gaps are filled (so a client
 * sending many scattered fragments cannot grow a row without bound; coverage grows by the gaps).
 */
export function capRanges(merged: readonly RangeLike[], max = MAX_STORED_RANGES): Range[] {
  const ranges = merged.map((r): Range => [r[0], r[1]]);
  if (ranges.length <= max) return ranges;
  const gaps = ranges.slice(1).map((r, i) => ({ i: i + 1, size: r[0] - ranges[i][1] }));
  gaps.sort((a, b) => a.size - b.size || a.i - b.i);
  const fill = new Set(gaps.slice(0, ranges.length - max).map((g) => g.i));
  const out: Range[] = [];
  ranges.forEach((r, i) => {
    if (fill.has(i)) out[out.length - 1][1] = r[1];
    else out.push(r);
  });
  return out;
}

/** A heat strip with nothing played. */
export const emptyHeat = (): number[] => new Array<number>(HEAT_BUCKETS).fill(0);

/**
 * Adds the seconds played in `ranges` (within [0, duration]; overlaps add again) to each part of
 * `heat` (HEAT_BUCKETS entries, changed in place and returned). The parts' added seconds sum to
 * playedSeconds of the clamped ranges.
 */
export function addHeat<T extends { length: number; [i: number]: number }>(heat: T, ranges: readonly RangeLike[], duration: number): T {
  if (!(duration > 0)) return heat;
  const width = duration / HEAT_BUCKETS;
  for (const [s, e] of clampRanges(ranges, duration)) {
    const first = Math.min(HEAT_BUCKETS - 1, Math.floor(s / width));
    const last = Math.min(HEAT_BUCKETS - 1, Math.floor(e / width));
    for (let i = first; i <= last; i++) {
      const lo = i === first ? s : i * width;
      const hi = i === last ? e : (i + 1) * width;
      if (hi > lo) heat[i] += hi - lo;
    }
  }
  return heat;
}

/** Seconds rounded to hundredths (what is stored: enough for a heat strip, short in JSON). */
export const roundSeconds = (s: number) => Math.round(s * 100) / 100;
