// A comment's range as the composers mark it, and where the review timeline draws a point or a
// range (lib/services/review/rules/range.ts).
import { markRange, timelineSpan } from "@/lib/services/review/rules/range";

describe("markRange", () => {
  const point = { time: 12, endTime: null };
  it("an out point after the in point makes a range; before it, the two swap; on it, a point stays", () => {
    expect(markRange(point, "out", 18.4)).toEqual({ time: 12, endTime: 18.4 });
    expect(markRange(point, "out", 8)).toEqual({ time: 8, endTime: 12 });
    expect(markRange(point, "out", 12)).toEqual({ time: 12, endTime: null });
  });
  it("an in point moves the start, keeping the out point only while it is later", () => {
    expect(markRange({ time: 12, endTime: 18 }, "in", 15)).toEqual({ time: 15, endTime: 18 });
    expect(markRange({ time: 12, endTime: 18 }, "in", 18)).toEqual({ time: 18, endTime: null });
    expect(markRange({ time: 12, endTime: 18 }, "in", 30)).toEqual({ time: 30, endTime: null });
    expect(markRange({ time: 12, endTime: 18 }, "out", 20)).toEqual({ time: 12, endTime: 20 });
  });
});

describe("timelineSpan", () => {
  it("a point sits at its time; a range spans from its in to its out point, in percent of the film", () => {
    expect(timelineSpan({ time: 30, endTime: null }, 120)).toEqual({ left: 25, width: null });
    expect(timelineSpan({ time: 30, endTime: 60 }, 120)).toEqual({ left: 25, width: 25 });
  });
  it("stays on the line: a range past the end stops at 100 %, a time before 0 starts at 0; an empty range is a point", () => {
    expect(timelineSpan({ time: 90, endTime: 150 }, 120)).toEqual({ left: 75, width: 25 });
    expect(timelineSpan({ time: -5, endTime: 12 }, 120)).toEqual({ left: 0, width: 10 });
    expect(timelineSpan({ time: 60, endTime: 60 }, 120)).toEqual({ left: 50, width: null });
  });
});
