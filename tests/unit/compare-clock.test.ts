import { followerTarget, PAUSED_DRIFT_MAX_S, PLAYING_DRIFT_MAX_S, wipeClip, wipeSplit } from "@/lib/services/review/rules/compare-clock";

describe("compare's one clock", () => {
  it("leaves a follower within the drift alone and puts one beyond it back on the leader", () => {
    expect(followerTarget(10, 10 + PLAYING_DRIFT_MAX_S - 0.01, 60, true)).toBeNull();
    expect(followerTarget(10, 10 + PLAYING_DRIFT_MAX_S + 0.01, 60, true)).toBe(10);
    expect(followerTarget(10, 9.5, 60, true)).toBe(10);
  });

  it("matches paused frames closer than playing ones", () => {
    expect(followerTarget(10, 10.05, 60, true)).toBeNull();
    expect(followerTarget(10, 10.05, 60, false)).toBe(10);
    expect(followerTarget(10, 10 + PAUSED_DRIFT_MAX_S / 2, 60, false)).toBeNull();
  });

  it("holds a shorter version on its last frame, and knows no end before its duration is known", () => {
    expect(followerTarget(50, 20, 40, true)).toBe(40);
    expect(followerTarget(50, 40, 40, true)).toBeNull();
    expect(followerTarget(50, 0, NaN, false)).toBe(50);
    expect(followerTarget(-1, 0.5, 40, false)).toBe(0);
  });

  it("keeps the wipe's split inside the frame", () => {
    expect(wipeSplit(-5)).toBe(0);
    expect(wipeSplit(140)).toBe(100);
    expect(wipeSplit(NaN)).toBe(50);
    expect(wipeClip(30)).toBe("inset(0 0 0 30%)");
  });
});
