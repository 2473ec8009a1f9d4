// The segment of a media playlist that plays at a given time (lib/media/ladder.ts segmentAt): where a
// preview's thumbnail is taken from (issue 55 item 6).
import { segmentAt } from "@/lib/media/ladder";

const PLAYLIST = ["#EXTM3U", "#EXT-X-TARGETDURATION:4", "#EXTINF:4.000000,", "720p_000.ts", "#EXTINF:4.000000,", "720p_001.ts", "#EXTINF:1.500000,", "720p_002.ts", "#EXT-X-ENDLIST"].join("\n");

describe("segmentAt", () => {
  it("finds the segment playing at a time, with the time it starts at", () => {
    expect(segmentAt(PLAYLIST, 0)).toEqual({ uri: "720p_000.ts", startSec: 0 });
    expect(segmentAt(PLAYLIST, 3.99)).toEqual({ uri: "720p_000.ts", startSec: 0 });
    expect(segmentAt(PLAYLIST, 4)).toEqual({ uri: "720p_001.ts", startSec: 4 });
    expect(segmentAt(PLAYLIST, 9)).toEqual({ uri: "720p_002.ts", startSec: 8 });
  });

  it("answers the last segment past the end, and nothing for a playlist without segments", () => {
    expect(segmentAt(PLAYLIST, 60)).toEqual({ uri: "720p_002.ts", startSec: 8 });
    expect(segmentAt("#EXTM3U\n#EXT-X-ENDLIST", 1)).toBeNull();
  });
});
