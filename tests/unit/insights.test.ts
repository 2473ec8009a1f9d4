// The insights' pure arithmetic (lib/services/guests/rules/insights.ts): a viewer's share of a film, the heat strip as
// "times watched" and its summary in words, the times shown.
import { clock, heatSummary, percentText, timesWatched, watchedPercent, watchTime } from "@/lib/services/guests/rules/insights";
import { HEAT_BUCKETS } from "@/lib/services/guests/rules/engagement";

const strip = (f: (i: number) => number) => Array.from({ length: HEAT_BUCKETS }, (_, i) => f(i));

describe("insights arithmetic", () => {
  it("a share watched: unique seconds over the length, one decimal, at most 100, 0 without a length", () => {
    expect(watchedPercent(92, 100)).toBe(92);
    expect(watchedPercent(1, 3)).toBe(33.3);
    expect(watchedPercent(130, 120)).toBe(100);
    expect(watchedPercent(10, null)).toBe(0);
    expect(watchedPercent(0, 100)).toBe(0);
    expect([percentText(92.4), percentText(0.4), percentText(0), percentText(100)]).toEqual(["92 %", "<1 %", "0 %", "100 %"]);
  });

  it("the strip in times watched: seconds played per part over the part's length", () => {
    // 200 s: each part is 2 s long; 4 s played in a part = watched twice.
    expect(
      timesWatched(
        strip((i) => (i < 10 ? 4 : 0)),
        200,
      ).slice(8, 12),
    ).toEqual([2, 2, 0, 0]);
    expect(timesWatched([], 200)).toEqual([]);
    expect(
      timesWatched(
        strip(() => 1),
        null,
      ),
    ).toEqual([]);
  });

  it("summarises the share anyone watched and the most watched stretch", () => {
    const s = heatSummary(
      strip((i) => (i >= 40 && i < 55 ? 4.8 : i < 92 ? 1.2 : 0)),
      120,
    );
    expect(s.coveredPercent).toBe(92);
    expect(s.peak).toEqual({ startSec: 48, endSec: 66, times: 4 });
    expect(
      heatSummary(
        strip(() => 0),
        120,
      ),
    ).toEqual({ coveredPercent: 0, peak: null });
  });

  it("shows positions and totals of time", () => {
    expect([clock(0), clock(65), clock(3725)]).toEqual(["0:00", "1:05", "1:02:05"]);
    expect([watchTime(45), watchTime(420), watchTime(7500)]).toEqual(["45 s", "7 min", "2 h 05 min"]);
  });
});
