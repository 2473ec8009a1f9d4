// The pure part of automatic transcripts (lib/services/films/rules/transcript.ts): pieces of at most
// 10 minutes with overlap, films up to 4 hours, the pieces' segments joined once each, the language.
import { captionLanguageOf, joinPieces, majorityLanguage, planPieces, TRANSCRIPT_MAX_SECONDS, TRANSCRIPT_PIECE_SECONDS } from "@/lib/services/films/rules/transcript";

describe("planPieces", () => {
  it("cuts a 4-hour film into pieces of at most 10 minutes, each overlapping the previous by 5 s, covering it all", () => {
    const pieces = planPieces(TRANSCRIPT_MAX_SECONDS);
    expect(pieces.every((p) => p.seconds <= TRANSCRIPT_PIECE_SECONDS)).toBe(true);
    expect(pieces[0]).toEqual({ index: 0, start: 0, seconds: 600 });
    expect(pieces[1].start).toBe(595);
    const last = pieces[pieces.length - 1];
    expect(last.start + last.seconds).toBe(TRANSCRIPT_MAX_SECONDS);
    expect(pieces.length).toBe(25);
  });
  it("a short film is one piece; nothing for no sound", () => {
    expect(planPieces(42)).toEqual([{ index: 0, start: 0, seconds: 42 }]);
    expect(planPieces(0)).toEqual([]);
    expect(planPieces(Number.NaN)).toEqual([]);
  });
});

describe("joinPieces", () => {
  const pieces = planPieces(5, 2, 0.5); // 0–2, 1.5–3.5, 3–5
  it("puts each segment in film time, once: a sentence heard in an overlap goes to the piece that owns its middle", () => {
    const cues = joinPieces(
      [
        {
          piece: pieces[0],
          segments: [
            { start: 0, end: 1, text: " a " },
            { start: 1.5, end: 1.9, text: "shared" },
          ],
        },
        {
          piece: pieces[1],
          segments: [
            { start: 0, end: 0.4, text: "shared" },
            { start: 0.5, end: 1.5, text: "b" },
          ],
        },
        {
          piece: pieces[2],
          segments: [
            { start: 0.2, end: 9, text: "c" },
            { start: 1, end: 1, text: "" },
          ],
        },
      ],
      5,
    );
    expect(cues).toEqual([
      { start: 0, end: 1, text: "a" },
      { start: 1.5, end: 1.9, text: "shared" },
      { start: 2, end: 3, text: "b" },
      { start: 3.2, end: 5, text: "c" },
    ]);
  });
  it("never lets a cue start before the previous one ends, nor end before it starts", () => {
    const cues = joinPieces(
      [
        {
          piece: { index: 0, start: 0, seconds: 10 },
          segments: [
            { start: 0, end: 3, text: "a" },
            { start: 2, end: 4, text: "b" },
            { start: 5, end: 4, text: "c" },
          ],
        },
      ],
      10,
    );
    expect(cues).toEqual([
      { start: 0, end: 3, text: "a" },
      { start: 3, end: 4, text: "b" },
    ]);
  });
});

describe("the language", () => {
  it("reads codes and OpenAI's English names; refuses what captions cannot be in", () => {
    expect(captionLanguageOf("english")).toBe("en");
    expect(captionLanguageOf("EN")).toBe("en");
    expect(captionLanguageOf("pt-BR")).toBe("pt-BR");
    expect(captionLanguageOf("chinese")).toBe("zh-Hans");
    expect(captionLanguageOf("german")).toBe("de");
    expect(captionLanguageOf("klingon")).toBeNull();
    expect(captionLanguageOf(undefined)).toBeNull();
  });
  it("takes the language most of the sound is in", () => {
    const [a, b, c] = planPieces(25, 10, 0);
    expect(
      majorityLanguage([
        { piece: a, language: "fr" },
        { piece: b, language: "en" },
        { piece: c, language: "fr" },
      ]),
    ).toBe("fr");
  });
});
