// The HLS ladder's rungs follow the film's short side (lib/media/ladder.ts ladderFor, rungSize): a
// 1080×1920 reel gets 1080p/720p/360p as 1080×1920, 720×1280, 360×640 (not rungs chosen by its height as
// if it were landscape), never larger than the film, with even sides; the master names each at its size.
import { ladderFor, masterPlaylist, rungSize } from "@/lib/media/ladder";

const LADDER = [360, 720, 1080];

describe("the ladder of a film", () => {
  it("landscape: rungs by height, as before", () => {
    expect(ladderFor({ width: 1920, height: 1080 }, LADDER)).toEqual([360, 720, 1080]);
    expect(ladderFor({ width: 1280, height: 720 }, LADDER)).toEqual([360, 720]);
    expect(LADDER.map((r) => rungSize({ width: 1920, height: 1080 }, r))).toEqual([
      { width: 640, height: 360 },
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
    ]);
  });

  it("portrait: rungs by width, a 1080×1920 reel gets every rung up to 1080p, each upright", () => {
    expect(ladderFor({ width: 1080, height: 1920 }, LADDER)).toEqual([360, 720, 1080]);
    expect(LADDER.map((r) => rungSize({ width: 1080, height: 1920 }, r))).toEqual([
      { width: 360, height: 640 },
      { width: 720, height: 1280 },
      { width: 1080, height: 1920 },
    ]);
    // A 720×1280 phone film: no 1080p rung (it would be upscaled), though it is 1280 high.
    expect(ladderFor({ width: 720, height: 1280 }, LADDER)).toEqual([360, 720]);
  });

  it("square: both sides are the rung", () => {
    expect(ladderFor({ width: 1080, height: 1080 }, LADDER)).toEqual([360, 720, 1080]);
    expect(rungSize({ width: 1080, height: 1080 }, 720)).toEqual({ width: 720, height: 720 });
  });

  it("odd sizes: even sides, rounded down, never above the film", () => {
    expect(ladderFor({ width: 1081, height: 1921 }, LADDER)).toEqual([360, 720, 1080]);
    expect(rungSize({ width: 1081, height: 1921 }, 1080)).toEqual({ width: 1080, height: 1918 });
    expect(rungSize({ width: 853, height: 480 }, 360)).toEqual({ width: 638, height: 360 });
    // Smaller than every rung: its own short side, made even.
    expect(ladderFor({ width: 201, height: 301 }, LADDER)).toEqual([200]);
    expect(rungSize({ width: 201, height: 301 }, 200)).toEqual({ width: 200, height: 298 });
    for (const frame of [
      { width: 201, height: 301 },
      { width: 301, height: 201 },
      { width: 719, height: 1279 },
      { width: 1081, height: 1081 },
    ])
      for (const r of ladderFor(frame, LADDER)) {
        const size = rungSize(frame, r);
        expect((size.width % 2) + (size.height % 2)).toBe(0);
        expect(size.width).toBeLessThanOrEqual(frame.width);
        expect(size.height).toBeLessThanOrEqual(frame.height);
        expect(Math.min(size.width, size.height)).toBe(r);
      }
  });

  it("the master playlist names a portrait rung at its size, by its rung", () => {
    const master = masterPlaylist(
      [
        { rung: 720, width: 720, height: 1280, kbps: 3000 },
        { rung: 360, width: 360, height: 640, kbps: 900 },
      ],
      false,
    );
    const lines = master.trim().split("\n");
    expect(lines.slice(-4)).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=360x640,CODECS="avc1.640028"',
      "360p.m3u8",
      '#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=720x1280,CODECS="avc1.640028"',
      "720p.m3u8",
    ]);
  });
});
