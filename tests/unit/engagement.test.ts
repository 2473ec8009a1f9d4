// The watched-range arithmetic (lib/services/guests/rules/engagement.ts), property-based: merging is idempotent, ignores
// order, covers exactly the union of what was played; coverage never exceeds the film; the heat
// strip's parts sum to the seconds played.
import fc from "fast-check";
import { WatchTracker } from "@/lib/browser/watch-tracker";
import { addHeat, capRanges, clampRanges, coverage, emptyHeat, HEAT_BUCKETS, mergeRanges, playedSeconds, watchedPercent, type Range } from "@/lib/services/guests/rules/engagement";

/** Ranges on a grid of quarter seconds (exact in floating point), some overlapping, touching or empty. */
const range = fc.tuple(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 400 })).map(([s, len]): Range => [s / 4, (s + len) / 4]);
const ranges = fc.array(range, { maxLength: 40 });
const duration = fc.integer({ min: 1, max: 1200 }).map((d) => d / 2);

/** Whether a point lies in any of the ranges ([start, end)). */
const covers = (rs: readonly Range[], x: number) => rs.some(([s, e]) => s <= x && x < e);

describe("mergeRanges", () => {
  it("is sorted, non-overlapping and non-touching, each range non-empty", () => {
    fc.assert(
      fc.property(ranges, (rs) => {
        const m = mergeRanges(rs);
        m.forEach(([s, e], i) => {
          expect(s).toBeLessThan(e);
          if (i > 0) expect(s).toBeGreaterThan(m[i - 1][1]);
        });
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(fc.property(ranges, (rs) => expect(mergeRanges(mergeRanges(rs))).toEqual(mergeRanges(rs))));
  });

  it("does not depend on the order the ranges come in, nor on how they are split into reports", () => {
    fc.assert(
      fc.property(ranges, fc.nat(), (rs, cut) => {
        const shuffled = [...rs].reverse();
        expect(mergeRanges(shuffled)).toEqual(mergeRanges(rs));
        const k = rs.length ? cut % rs.length : 0;
        // Merging report by report (as the buffer and the flush do) is merging all at once.
        expect(mergeRanges([...mergeRanges(rs.slice(0, k)), ...mergeRanges(rs.slice(k))])).toEqual(mergeRanges(rs));
      }),
    );
  });

  it("covers exactly the union of the ranges", () => {
    fc.assert(
      fc.property(ranges, fc.array(fc.integer({ min: 0, max: 4400 * 8 }), { maxLength: 60 }), (rs, points) => {
        const m = mergeRanges(rs);
        // Every grid point (eighths of a second) and every range's ends.
        for (const x of [...points.map((p) => p / 8), ...rs.flat()]) expect([x, covers(m, x)]).toEqual([x, covers(rs, x)]);
      }),
    );
  });

  it("coverage is at most the time played and, clamped, at most the film's duration", () => {
    fc.assert(
      fc.property(ranges, duration, (rs, d) => {
        expect(coverage(rs)).toBeLessThanOrEqual(playedSeconds(rs) + 1e-9);
        const clamped = clampRanges(rs, d);
        expect(coverage(clamped)).toBeLessThanOrEqual(d + 1e-9);
        expect(watchedPercent(rs, d)).toBeLessThanOrEqual(100);
        for (const [s, e] of clamped) expect([s >= 0, e <= d, s < e]).toEqual([true, true, true]);
      }),
    );
  });
});

describe("capRanges", () => {
  it("keeps at most the given number of ranges, still merged, covering at least what was watched", () => {
    fc.assert(
      fc.property(ranges, fc.integer({ min: 1, max: 10 }), (rs, max) => {
        const m = mergeRanges(rs);
        const capped = capRanges(m, max);
        expect(capped.length).toBeLessThanOrEqual(Math.max(max, 0));
        expect(mergeRanges(capped)).toEqual(capped);
        for (const [s, e] of m) expect(covers(capped, s) && covers(capped, (s + e) / 2)).toBe(true);
        if (m.length <= max) expect(capped).toEqual(m);
      }),
    );
  });
});

describe("addHeat", () => {
  it("has HEAT_BUCKETS parts whose added seconds sum to the seconds played within the film (re-watching adds again)", () => {
    fc.assert(
      fc.property(ranges, duration, (rs, d) => {
        const heat = addHeat(emptyHeat(), rs, d);
        expect(heat).toHaveLength(HEAT_BUCKETS);
        const total = heat.reduce((a, b) => a + b, 0);
        expect(Math.abs(total - playedSeconds(clampRanges(rs, d)))).toBeLessThan(1e-6 * Math.max(1, total));
        // No part holds more than its width times the number of ranges.
        for (const h of heat) expect(h).toBeLessThanOrEqual((d / HEAT_BUCKETS) * rs.length + 1e-9);
        for (const h of heat) expect(h).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("puts the seconds where they were played", () => {
    const heat = addHeat(
      emptyHeat(),
      [
        [0, 2],
        [1, 2],
        [99.5, 120],
      ],
      100,
    );
    // A film of 100 s: one second per part; [1, 2) was played twice.
    expect(heat[0]).toBe(1);
    expect(heat[1]).toBe(2);
    expect(heat[2]).toBe(0);
    expect(heat[99]).toBe(0.5);
  });

  it("adds nothing for a film of unknown length", () => {
    expect(addHeat(emptyHeat(), [[0, 10]], 0)).toEqual(emptyHeat());
  });
});

describe("the player's WatchTracker", () => {
  it("reports the seconds played from the media clock; a seek starts a new range; a paused playhead plays nothing", () => {
    const sent: [string, [number, number][]][] = [];
    const t = new WatchTracker((videoId, ranges) => sent.push([videoId, ranges]));
    for (let s = 0; s <= 10; s += 0.25) t.time("a", s, true);
    t.report(); // the 10 s tick
    for (let s = 10.25; s <= 12; s += 0.25) t.time("a", s, true);
    t.time("a", 40, true); // a seek forward
    t.time("a", 41, true);
    t.pause();
    t.time("a", 5, false); // scrubbing while paused
    t.time("a", 5.5, false);
    t.report();
    t.time("b", 0, true); // another film
    t.time("b", 1, true);
    t.report();
    expect(sent).toEqual([
      ["a", [[0, 10]]],
      [
        "a",
        [
          [10, 12],
          [40, 41],
        ],
      ],
      ["b", [[0, 1]]],
    ]);
    // What the server merges: one continuous range where the reports were cut.
    expect(mergeRanges(sent.filter(([v]) => v === "a").flatMap(([, r]) => r))).toEqual([
      [0, 12],
      [40, 41],
    ]);
  });
});
