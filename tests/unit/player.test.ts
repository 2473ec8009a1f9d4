import { chaptersVtt } from "@/lib/services/films/rules/chapters-vtt";
import { parseVideoHash, videoHash } from "@/lib/services/films/rules/video-hash";
import { downloadHref } from "@/lib/browser/public-client";
import { stateFromMessage, PREVIEW_STATE } from "@/lib/services/galleries/rules/gallery-preview";

const id = "0b6f1c0e-3f0a-4c54-9d3e-2f4b7a0c1d22";

describe("chapters as WebVTT", () => {
  it("runs each chapter to the next one and the last to the end, sorted, escaped", () => {
    const vtt = chaptersVtt(
      [
        { title: "Vows <b>&</b> rings", seconds: 65 },
        { title: "Arrival\nof guests --> hall", seconds: 0 },
      ],
      125.5,
    );
    expect(vtt).toBe("WEBVTT\n\n1\n00:00:00.000 --> 00:01:05.000\nArrival of guests → hall\n\n2\n00:01:05.000 --> 00:02:05.500\nVows ‹b›&amp;‹/b› rings\n");
  });

  it("leaves out chapters at or beyond the end, and gives the last an hour while the length is unknown", () => {
    expect(chaptersVtt([{ title: "Late", seconds: 130 }], 125)).toBe("WEBVTT\n");
    expect(chaptersVtt([{ title: "Only", seconds: 10 }], null)).toContain("00:00:10.000 --> 01:00:10.000");
  });
});

describe("deep links", () => {
  it("round-trips a video and a start", () => {
    expect(videoHash(id, 65.8)).toBe(`#v=${id}&t=65`);
    expect(parseVideoHash(videoHash(id, 65))).toEqual({ videoId: id, seconds: 65 });
    expect(parseVideoHash(`#v=${id}`)).toEqual({ videoId: id, seconds: 0 });
  });

  it("ignores anything that is not one", () => {
    for (const bad of ["", "#", "#t=5", "#v=../../x&t=5", "#v=<script>", `#v=${id}x`]) expect(parseVideoHash(bad)).toBeNull();
    expect(parseVideoHash(`#v=${id}&t=-3`)).toEqual({ videoId: id, seconds: 0 });
    expect(parseVideoHash(`#v=${id}&t=abc`)).toEqual({ videoId: id, seconds: 0 });
  });

  it("names the download of a film of a gallery", () => {
    expect(downloadHref(id, "our-day")).toBe(`/api/public/download/${id}?g=our-day`);
  });
});

describe("preview messages carry what the player needs", () => {
  const base = {
    title: "T",
    subtitle: "S",
    fheading: "font-sans",
    fbody: "font-sans",
    setting: { download: true, share: true, tv: true, playall: true, listed: false, language: "auto" },
    background: { imgUrl: null, videoUrl: null, musicUrl: null, musicName: null },
    look: { accent: null, text: null, focus: { x: 50, y: 50 } },
    showcase: [],
  };

  it("accepts playback sources, chapters and caption tracks, defaulting them when absent", () => {
    const card = {
      _id: id,
      title: "A",
      thumbnail: null,
      playback: { sources: [{ src: "https://cdn/x/master.m3u8", type: "application/x-mpegurl" }], fallback: [] },
      durationSec: 30,
      width: 1080,
      height: 1920,
      chapters: [{ title: "One", seconds: 3 }],
      chaptersSrc: `/api/public/chapters/${id}?g=x&v=1`,
      captions: [{ src: `/api/public/captions/${id}/${id}?g=x&v=1`, language: "fr", label: "Français", isDefault: true }],
    };
    expect(stateFromMessage({ type: PREVIEW_STATE, state: { ...base, videos: [card] } })?.videos[0]).toEqual(card);
    expect(stateFromMessage({ type: PREVIEW_STATE, state: { ...base, videos: [{ _id: id, title: "B", thumbnail: null }] } })?.videos[0]).toEqual({
      _id: id,
      title: "B",
      thumbnail: null,
      playback: null,
      chapters: [],
      chaptersSrc: null,
      captions: [],
      durationSec: null,
      width: null,
      height: null,
    });
  });

  it("refuses caption and chapter tracks that are not the app's own addresses", () => {
    for (const track of [
      { chaptersSrc: "https://evil.example/x.vtt" },
      { chaptersSrc: "//evil.example/x.vtt" },
      { captions: [{ src: "javascript:alert(1)", language: "en", label: "x", isDefault: false }] },
    ]) {
      const card = { _id: id, title: "A", thumbnail: null, ...track };
      expect(stateFromMessage({ type: PREVIEW_STATE, state: { ...base, videos: [card] } })).toBeNull();
    }
  });

  it("refuses a source of an unknown type", () => {
    const card = { _id: id, title: "A", thumbnail: null, playback: { sources: [{ src: "javascript:alert(1)", type: "text/html" }], fallback: [] } };
    expect(stateFromMessage({ type: PREVIEW_STATE, state: { ...base, videos: [card] } })).toBeNull();
  });
});
