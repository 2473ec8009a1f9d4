/**
 * @jest-environment jsdom
 */
// Issue 39 item 2: a film opens with captions in the viewer's language (the studio's default second,
// the guest's own choice first), the guest's choices carry to the next film, and hls.js starts at a
// rung that fits the bandwidth known so far instead of its own 500 kbit/s guess.
import { captionsFor, DEFAULT_START_BPS, hlsStartConfig, readChoices, rememberBandwidth, saveChoices } from "@/lib/browser/player-choices";
import type { PlayerCaption } from "@/lib/contract/films";

const track = (language: string, isDefault = false): PlayerCaption => ({ src: `/c/${language}.vtt`, language, label: language, isDefault });
const shown = (captions: PlayerCaption[]) => captions.filter((c) => c.isDefault).map((c) => c.language);

beforeEach(() => sessionStorage.clear());

describe("the captions a film opens with", () => {
  const film = [track("en", true), track("fr"), track("de")];

  it("the viewer's language when the film has it, else the studio's default", () => {
    expect(shown(captionsFor(film, "fr"))).toEqual(["fr"]);
    expect(shown(captionsFor(film, "fr-CA"))).toEqual(["fr"]);
    expect(shown(captionsFor([track("en", true), track("pt-BR")], "pt"))).toEqual(["pt-BR"]);
    expect(shown(captionsFor(film, "es"))).toEqual(["en"]);
    expect(shown(captionsFor([track("en"), track("fr")], "es"))).toEqual([]);
  });

  it("the guest's own choice in the gallery comes first: a language, or Off", () => {
    expect(shown(captionsFor(film, "fr", "de"))).toEqual(["de"]);
    expect(shown(captionsFor(film, "fr", null))).toEqual([]);
    // A language this film lacks: as if the guest had not chosen.
    expect(shown(captionsFor(film, "fr", "it"))).toEqual(["fr"]);
  });

  it("exactly one track at most is marked, and a film without captions has none", () => {
    for (const lang of ["en", "fr", "de", "es"]) expect(shown(captionsFor(film, lang)).length).toBeLessThanOrEqual(1);
    expect(captionsFor([], "fr")).toEqual([]);
  });
});

describe("the guest's choices", () => {
  it("are kept per gallery for the tab's session, merged as they come", () => {
    saveChoices("/g/anna", { captions: "fr" });
    saveChoices("/g/anna", { volume: 0.4, muted: false });
    saveChoices("/g/other", { quality: 720 });
    expect(readChoices("/g/anna")).toEqual({ captions: "fr", volume: 0.4, muted: false });
    expect(readChoices("/g/other")).toEqual({ quality: 720 });
    saveChoices("/g/anna", { captions: null, quality: null });
    expect(readChoices("/g/anna")).toEqual({ captions: null, quality: null, volume: 0.4, muted: false });
  });

  it("a damaged or hostile store reads as no choice", () => {
    sessionStorage.setItem("vf:player:/g/x", "{not json");
    expect(readChoices("/g/x")).toEqual({});
    sessionStorage.setItem("vf:player:/g/x", JSON.stringify({ captions: 5, quality: "720", volume: 7, muted: "yes", extra: 1 }));
    expect(readChoices("/g/x")).toEqual({});
    sessionStorage.setItem("vf:player:/g/x", "null");
    expect(readChoices("/g/x")).toEqual({});
  });
});

describe("hls.js's start", () => {
  const connection = (downlink: number | undefined) => Object.defineProperty(navigator, "connection", { value: downlink === undefined ? undefined : { downlink }, configurable: true });
  afterEach(() => connection(undefined));

  it("is capped to the player's size and starts from the bandwidth known so far", () => {
    expect(hlsStartConfig()).toEqual({ capLevelToPlayerSize: true, startLevel: -1, testBandwidth: false, abrEwmaDefaultEstimate: DEFAULT_START_BPS });
    connection(10);
    expect(hlsStartConfig().abrEwmaDefaultEstimate).toBe(10_000_000);
    // Measured on an earlier film: that first.
    rememberBandwidth(23_456_789.4);
    expect(hlsStartConfig().abrEwmaDefaultEstimate).toBe(23_456_789);
    // Nonsense is not remembered.
    sessionStorage.clear();
    for (const bad of [0, -1, NaN, Infinity]) rememberBandwidth(bad);
    connection(undefined);
    expect(hlsStartConfig().abrEwmaDefaultEstimate).toBe(DEFAULT_START_BPS);
  });

  it("the default is well above hls.js's own (500 kbit/s): a desktop on a good line starts at 720p of this ladder", () => {
    // lib/media/ladder.ts: 720p is 3,000 kbit/s + 128 of sound; hls.js takes a rung up to 0.7 × the estimate.
    expect(DEFAULT_START_BPS * 0.7).toBeGreaterThan(3_128_000);
  });
});
