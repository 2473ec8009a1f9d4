import { cssString, qualityHint, rungOf } from "@/lib/services/films/rules/player-hints";
import { masterPlaylist } from "@/lib/media/ladder";

describe("the player's settings hints", () => {
  it("shows the current quality: the player's choice with its rung, or the viewer's rung", () => {
    expect(qualityHint({ autoQuality: true, height: 720 }, "Auto")).toBe("Auto (720p)");
    expect(qualityHint({ autoQuality: true, height: null }, "Auto")).toBe("Auto");
    expect(qualityHint({ autoQuality: false, height: 1080 }, "Auto")).toBe("1080p");
    expect(qualityHint({ autoQuality: true, height: 360 }, "Automatique")).toBe("Automatique (360p)");
    expect(cssString('Auto "(720p)"')).toBe('"Auto \\"(720p)\\""');
  });

  it("names the films' audio rendition for what it is (stereo AAC), not 'Audio' (the menu read 'Audio › Audio')", () => {
    const master = masterPlaylist([{ rung: 720, height: 720, width: 1280, kbps: 2800 }], true);
    const media = master.split("\n").find((l) => l.startsWith("#EXT-X-MEDIA:TYPE=AUDIO"))!;
    expect(media).toContain('NAME="Stereo"');
    expect(media).toContain('CHANNELS="2"');
  });
});

describe("a quality's rung", () => {
  it("is its short side: a portrait film's 720×1280 is 720p, as a landscape 1280×720", () => {
    expect(rungOf({ width: 720, height: 1280 })).toBe(720);
    expect(rungOf({ width: 1280, height: 720 })).toBe(720);
    expect(rungOf({ width: 0, height: 480 })).toBe(480);
  });
});
