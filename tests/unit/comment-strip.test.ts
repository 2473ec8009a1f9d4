// The review timeline's markers (components/review/comment-strip.tsx): threads closer than one slot
// of the film share a marker; a film with a thousand threads draws at most STRIP_SLOTS buttons.
import { STRIP_SLOTS, stripMarkers, type StripComment } from "@/components/review/comment-strip";

const c = (id: string, time: number, more: Partial<StripComment> = {}): StripComment => ({ id, time, endTime: null, version: 2, resolved: false, author: "Anna", ...more });

describe("stripMarkers", () => {
  it("keeps threads apart when they are more than a slot apart, in time order", () => {
    const m = stripMarkers([c("b", 60), c("a", 10)], 600, 2);
    expect(m.map((x) => [x.key, x.time, x.count])).toEqual([
      ["a", 10, 1],
      ["b", 60, 1],
    ]);
  });

  it("shares a marker within a slot: the first time, the last range's end, resolved when all are, dimmed when all are earlier, names once each then +N", () => {
    const group = [
      c("1", 100.5, { author: "Ben", resolved: true, endTime: 104 }),
      c("2", 100.1, { author: "Anna", resolved: true, version: 1 }),
      c("3", 100.9, { author: "Ben", resolved: false, endTime: 102 }),
      c("4", 100.2, { author: "Cleo" }),
      c("5", 100.3, { author: "Dan" }),
    ];
    const [m] = stripMarkers(group, 600, 2);
    expect(m).toMatchObject({ key: "2", time: 100.1, endTime: 104, count: 5, resolved: false, earlier: false, names: "Anna, Cleo, Dan +1" });
    const [done] = stripMarkers(
      group.map((g) => ({ ...g, resolved: true, version: 1 })),
      600,
      2,
    );
    expect(done).toMatchObject({ resolved: true, earlier: true, version: 1 });
  });

  it("draws at most STRIP_SLOTS markers for a thousand threads, every thread counted once, the end in the last slot", () => {
    const many = Array.from({ length: 1000 }, (_, i) => c(String(i), (i * 600) / 1000));
    const markers = stripMarkers([...many, c("end", 600), c("past", 650)], 600, 2);
    expect(markers.length).toBeLessThanOrEqual(STRIP_SLOTS);
    expect(markers.reduce((n, m) => n + m.count, 0)).toBe(1002);
    expect(markers.at(-1)!.count).toBeGreaterThanOrEqual(2);
  });
});
