// A film's box keeps its own shape (issue 57 item 2): a 9:16 reel is a 9:16 card and player, not a 16:9 one.
import { FALLBACK_ASPECT, filmAspect } from "@/lib/services/films/rules/film-aspect";

describe("filmAspect", () => {
  it("is the film's own width ÷ height: vertical, square, landscape, cinema scope", () => {
    expect(filmAspect(1080, 1920)).toBeCloseTo(9 / 16);
    expect(filmAspect(108, 192)).toBeCloseTo(0.5625);
    expect(filmAspect(1080, 1080)).toBe(1);
    expect(filmAspect(1920, 1080)).toBeCloseTo(16 / 9);
    expect(filmAspect(1920, 804)).toBeCloseTo(2.388, 2);
  });

  it("falls back to 16:9 when the dimensions are unknown or nonsense", () => {
    expect(FALLBACK_ASPECT).toBeCloseTo(16 / 9);
    for (const [w, h] of [
      [null, null],
      [1080, null],
      [null, 1920],
      [undefined, undefined],
      [0, 1920],
      [1080, 0],
      [-1080, 1920],
      [Number.NaN, 1920],
    ] as const)
      expect(filmAspect(w, h)).toBe(FALLBACK_ASPECT);
  });

  it("keeps extreme shapes to a usable box, 1:3 … 3:1", () => {
    expect(filmAspect(100, 1000)).toBeCloseTo(1 / 3);
    expect(filmAspect(4000, 500)).toBe(3);
  });
});
