// The caption converter (lib/services/films/rules/captions.ts, issue 22): SRT and WebVTT files in any of the accepted
// encodings parse to the same cues to the millisecond, the WebVTT written parses back to them, every
// refusal says why in the studio's words, and no markup but <b>, <i> and <u> reaches a player.
import fc from "fast-check";
import { CAPTION_LANGUAGES, captionLabelFor, cleanStoredVtt, cuesToVtt, decodeCaptionBytes, parseCaptions, type CaptionParseResult, type Cue } from "@/lib/services/films/rules/captions";
import { CAPTION_MAX_BYTES, CAPTION_MAX_CUES } from "@/lib/limits";
import { captionLabelSchema, captionLanguageSchema } from "@/lib/validation/captions";
import { cuePlainText, vttTimestamp } from "@/lib/services/films/rules/vtt";
import { cueTextFaults, HOSTILE, markupFaults, playerCueHtml } from "../helpers/cue-markup";

const utf8 = (text: string) => new TextEncoder().encode(text);
/** One byte per character (each below 256): how a Windows-1252 file is written here. */
const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const utf16 = (text: string, order: "le" | "be") =>
  Uint8Array.from(Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)).flatMap((u) => (order === "le" ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff])));

function parsed(result: CaptionParseResult): Cue[] {
  if (!result.ok) throw new Error(`refused: ${result.code}: ${result.message}`);
  return result.cues;
}
const parse = (text: string) => parseCaptions(utf8(text));
const cuesOf = (text: string) => parsed(parse(text));
const refusal = (text: string | Uint8Array) => {
  const result = parseCaptions(typeof text === "string" ? utf8(text) : text);
  return result.ok ? { ok: true } : { code: result.code, message: result.message };
};

/** A cue as the generators make it: whole milliseconds. */
type MsCue = { startMs: number; endMs: number; text: string };
const HOURS_99 = 99 * 3_600_000;

/** 'HH:MM:SS<sep>mmm', hours of two digits (or one, when asked and they fit). */
function stamp(ms: number, sep: "," | ".", oneDigitHour = false): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const h = Math.floor(ms / 3_600_000);
  return `${oneDigitHour && h < 10 ? h : pad(h)}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${sep}${pad(ms % 1000, 3)}`;
}
/** 'MM:SS.mmm' (WebVTT's form without hours; only below an hour). */
const shortStamp = (ms: number) => stamp(ms, ".").slice(3);

function toSrt(cues: MsCue[], o: { bom: boolean; index: boolean; sep: "," | "."; oneDigitHour: boolean }): string {
  const blocks = cues.map((c, i) =>
    [...(o.index ? [String(i + 1)] : []), `${stamp(c.startMs, o.sep, o.oneDigitHour)} --> ${stamp(c.endMs, o.sep, o.oneDigitHour)}`, ...c.text.split("\n")].join("\r\n"),
  );
  return (o.bom ? "\ufeff" : "") + blocks.join("\r\n\r\n") + "\r\n";
}

function toVtt(cues: MsCue[], o: { ids: boolean; short: boolean; settings: boolean }): string {
  const time = (ms: number) => (o.short && ms < 3_600_000 ? shortStamp(ms) : stamp(ms, "."));
  const blocks = cues.map((c, i) => [...(o.ids ? [`cue-${i}`] : []), `${time(c.startMs)} --> ${time(c.endMs)}${o.settings ? " align:start position:10%" : ""}`, c.text].join("\n"));
  return ["WEBVTT - a film", "NOTE made by hand\nacross two lines", "STYLE\n::cue { color: yellow }", ...blocks].join("\n\n") + "\n";
}

/** What parsing must give for generated cues: seconds, sorted by start, equal starts in file order. */
const expected = (cues: MsCue[]): Cue[] => cues.map((c) => ({ start: c.startMs / 1000, end: c.endMs / 1000, text: c.text })).sort((a, b) => a.start - b.start);

/** Printable characters that mean nothing to either format once a line is trimmed: no '<', '>', '&' or '\'. */
const SAFE_CHARS = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter((c) => !"<>&\\".includes(c)),
  ..."éèüßñçøåæœ’“”…€ÆЖжΩλ中文日本語한국어עבריתالعربيةğış",
  "e\u0301",
  "🎬",
  "👰🏽",
];
const line = fc
  .string({ unit: fc.constantFrom(...SAFE_CHARS), minLength: 1, maxLength: 40 })
  .map((s) => s.trim())
  .filter((s) => s !== "");
const text = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n"));
const cue = fc
  .record({ start: fc.integer({ min: 0, max: HOURS_99 - 2 }), length: fc.integer({ min: 1, max: 4 * 3_600_000 }), text })
  .map(({ start, length, text }): MsCue => ({ startMs: start, endMs: Math.min(HOURS_99 - 1, start + length), text }));
// Cues under an hour too, so that WebVTT's MM:SS.mmm form is exercised.
const shortCue = fc
  .record({ start: fc.integer({ min: 0, max: 3_500_000 }), length: fc.integer({ min: 1, max: 99_999 }), text })
  .map(({ start, length, text }): MsCue => ({ startMs: start, endMs: start + length, text }));
const cueList = fc.array(fc.oneof(cue, shortCue), { minLength: 1, maxLength: 25 });

describe("round trips (property-based)", () => {
  it("SRT (CRLF, optional BOM and index, ',' or '.') parses to the same cues to the millisecond", () => {
    fc.assert(
      fc.property(cueList, fc.boolean(), fc.boolean(), fc.constantFrom(",", "."), fc.boolean(), (cues, bom, index, sep, oneDigitHour) => {
        const result = parseCaptions(utf8(toSrt(cues, { bom, index, sep, oneDigitHour })));
        expect(parsed(result)).toEqual(expected(cues));
      }),
    );
  });

  it("WebVTT (header, NOTE and STYLE blocks, optional identifiers, settings, MM:SS.mmm) parses to the same cues", () => {
    fc.assert(
      fc.property(cueList, fc.boolean(), fc.boolean(), fc.boolean(), (cues, ids, short, settings) => {
        expect(cuesOf(toVtt(cues, { ids, short, settings }))).toEqual(expected(cues));
      }),
    );
  });

  it("the WebVTT written (cuesToVtt, and the vtt of a parse) parses back to the same cues", () => {
    fc.assert(
      fc.property(cueList, (cues) => {
        const want = expected(cues);
        const vtt = cuesToVtt(want);
        expect(vtt.startsWith("WEBVTT\n\n1\n")).toBe(true);
        expect(cuesOf(vtt)).toEqual(want);
        const result = parseCaptions(utf8(toSrt(cues, { bom: false, index: true, sep: ",", oneDigitHour: false })));
        expect(result.ok && result.vtt).toBe(vtt);
      }),
    );
  });

  // Text full of what the formats and HTML care about: whatever the cleaning leaves is safe and stable.
  const nasty = fc
    .array(
      fc.constantFrom(
        "<",
        ">",
        "&",
        "{",
        "}",
        "\\",
        "-",
        "/",
        ".",
        " ",
        "\t",
        "\n",
        "a",
        "b",
        "i",
        "u",
        "c",
        "v",
        "#",
        ";",
        "1",
        "x",
        "amp",
        "lt",
        "br",
        "<b>",
        "</i>",
        "-->",
        "{\\an8}",
        "<script>",
        "é",
        "\u0007",
      ),
      { maxLength: 30 },
    )
    .map((parts) => parts.join(""));

  it("cleaned text keeps no markup but <b>, <i>, <u>, no '-->', no blank line, and parses back unchanged", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100_000 }), nasty), { minLength: 1, maxLength: 8 }), (raw) => {
        const srt = raw.map(([start, t], i) => `${i + 1}\n${stamp(start, ",")} --> ${stamp(start + 500, ",")}\n${t}`).join("\n\n");
        const result = parse(srt);
        if (!result.ok) return; // a stray blank line and index in the text can make a cue without a time
        for (const c of result.cues) {
          const bare = c.text.replace(/<\/?[biu]>/g, "");
          expect(bare).not.toMatch(/[<>]/);
          // Every '&' is '&amp;', and none of them starts a reference once decoded (lib/services/films/rules/vtt.ts, issue 36).
          expect(bare).not.toMatch(/&(?!amp;)|&amp;(?:amp|lt|gt|quot|apos|nvlt|nvgt|nbsp|lrm|rlm|#\d|#x[\da-f])/i);
          expect(c.text).not.toContain("-->");
          expect(c.text).not.toMatch(/\n\s*\n|^\s|\s$/);
          expect(c.text).not.toMatch(/\{\\/);
        }
        expect(cuesOf(result.vtt)).toEqual(result.cues);
        expect(cuesToVtt(result.cues)).toBe(result.vtt);
      }),
    );
  });

  it("a kept tag cannot split a reference that a reader dropping tags would join ('&</i>lt' is '‹', not '&amp;</i>lt')", () => {
    const texts = (t: string) => {
      const r = parse(`1\n00:00:01,000 --> 00:00:02,000\n${t}`);
      return r.ok ? r.cues.map((c) => c.text) : [];
    };
    expect(texts("&</i>lt")).toEqual(["\u2039"]);
    expect(texts("a &l<b>t;b")).toEqual(["a \u2039b"]);
    expect(texts("&am<i></i>p;lt;x")).toEqual(["\u2039x"]);
    expect(texts("Tom & <i>Jerry</i>")).toEqual(["Tom &amp; <i>Jerry</i>"]);
    expect(texts("a &<b> ")).toEqual(["a &amp;"]); // the tag left last by trimming the line
  });

  it("reads a cue whose text runs on past blank lines for most of 2 MiB (no stack overflow)", () => {
    const body = "1\n00:00:01,000 --> 00:00:02,000\nx\n\ny\n" + "z\n".repeat(900_000);
    const cues = cuesOf(body);
    expect(cues).toHaveLength(1);
    expect(cues[0].text.split("\n")).toHaveLength(900_002);
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const result = parseCaptions(bytes);
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("encodings", () => {
  const srt = "1\r\n00:00:01,000 --> 00:00:02,000\r\nCafé ’n € – naïve\r\n";
  const want = [{ start: 1, end: 2, text: "Café ’n € – naïve" }];

  it("reads a Windows-1252 file (bytes that are not valid UTF-8): 0xE9 is é, 0x92 is ’", () => {
    expect(decodeCaptionBytes(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x92, 0x6e]))).toBe("Café ’n");
    expect(decodeCaptionBytes(bytesOf("\x80 \x8a \x96 \x9f \xff"))).toBe("€ Š – Ÿ ÿ");
    const cp1252 = bytesOf("1\r\n00:00:01,000 --> 00:00:02,000\r\nCaf\xe9 \x92n \x80 \x96 na\xefve\r\n");
    expect(parsed(parseCaptions(cp1252))).toEqual(want);
  });

  it("reads UTF-8 with and without a BOM, and leaves no BOM in the text", () => {
    expect(decodeCaptionBytes(utf8("\ufeffé"))).toBe("é");
    expect(parsed(parseCaptions(utf8("\ufeff" + srt)))).toEqual(want);
    expect(parsed(parseCaptions(utf8(srt)))).toEqual(want);
    // A WebVTT file after a BOM is still told by its 'WEBVTT'.
    expect(parsed(parseCaptions(utf8("\ufeffWEBVTT\n\nNOTE x\n\n00:01.000 --> 00:02.000\nHi\n")))).toEqual([{ start: 1, end: 2, text: "Hi" }]);
  });

  it("reads UTF-16 LE and BE when a BOM says so", () => {
    expect(decodeCaptionBytes(utf16("\ufeffé🎬\r\nx", "le"))).toBe("é🎬\nx");
    expect(parsed(parseCaptions(utf16("\ufeff" + srt, "le")))).toEqual(want);
    expect(parsed(parseCaptions(utf16("\ufeff" + srt, "be")))).toEqual(want);
  });

  it("turns CRLF and lone CR line endings into LF", () => {
    expect(decodeCaptionBytes(utf8("a\r\nb\rc\nd"))).toBe("a\nb\nc\nd");
    expect(cuesOf("1\r00:00:01,000 --> 00:00:02,000\rOld Mac\r\r")).toEqual([{ start: 1, end: 2, text: "Old Mac" }]);
  });
});

describe("refusals: each with its code and its words", () => {
  const cueAt = (n: number) => `${n}\n00:00:0${n},000 --> 00:00:0${n},500\nCue ${n}\n`;

  it("tooLarge: more than 2 MiB (exactly 2 MiB is read)", () => {
    const message = "The file is larger than 2 MB, far more than captions take: check that it is the caption file.";
    expect(refusal(new Uint8Array(CAPTION_MAX_BYTES + 1).fill(0x61))).toEqual({ code: "tooLarge", message });
    const head = "1\n00:00:01,000 --> 00:00:02,000\n";
    const exact = utf8(head + "a".repeat(CAPTION_MAX_BYTES - head.length - 1) + "\n");
    expect(exact.byteLength).toBe(CAPTION_MAX_BYTES);
    expect(parseCaptions(exact).ok).toBe(true);
  });

  it("notText: a NUL, binary bytes, UTF-16 without a BOM", () => {
    const notText = { code: "notText", message: "The file is not readable text. Save the captions as UTF-8 (Windows-1252 also works) and upload them again." };
    expect(refusal(cueAt(1) + "\0")).toEqual(notText);
    expect(refusal(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]))).toEqual(notText);
    expect(refusal(utf16(cueAt(1), "le"))).toEqual(notText);
    expect(refusal("\u0001\u0002\u0003 -->")).toEqual(notText);
  });

  it("a stray control character in a long file is left out, not a refusal", () => {
    const long = "and the text goes on for a while longer than that, as captions do.";
    expect(cuesOf(`1\n00:00:01,000 --> 00:00:02,000\nA bell\u0007 rang\n${long}\n\n2\n00:00:03,000 --> 00:00:04,000\n${long}\n\u001a`)).toEqual([
      { start: 1, end: 2, text: `A bell rang\n${long}` },
      { start: 3, end: 4, text: long },
    ]);
  });

  it("empty: nothing, blank lines, a header only, cues without text", () => {
    const empty = { code: "empty", message: "The file has no captions." };
    expect(refusal("")).toEqual(empty);
    expect(refusal(" \r\n\r\n\t")).toEqual(empty);
    expect(refusal("WEBVTT\n\nNOTE nothing here yet\n")).toEqual(empty);
    expect(refusal("WEBVTT")).toEqual(empty);
    expect(refusal("1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\n<font color=red></font>\n")).toEqual(empty);
  });

  it("notCaptions: text that is neither SRT nor WebVTT", () => {
    const notCaptions = { code: "notCaptions", message: "The file is neither SRT nor WebVTT. Upload captions as an .srt or .vtt file." };
    expect(refusal("Dear Anna,\nhere are the films.\n")).toEqual(notCaptions);
    expect(refusal('{"captions": []}')).toEqual(notCaptions);
  });

  it("badTiming: malformed, out of range, negative or missing times name the cue and the line", () => {
    const bad = (cue: number, line: number) => ({
      code: "badTiming",
      message: `Caption ${cue} (line ${line}) has a missing or invalid time. Times look like 00:01:02,500 (SRT) or 00:01:02.500 (WebVTT), with minutes and seconds below 60.`,
    });
    expect(refusal("1\n00:61:00,000 --> 00:62:00,000\nx\n")).toEqual(bad(1, 2));
    expect(refusal(cueAt(1) + "\n2\n00:00:03,000 --> 00:00:60,000\nx\n")).toEqual(bad(2, 6));
    expect(refusal(cueAt(1) + "\n00:00:03,000 --> 00:00:04,000\nno index\n\n3\n-00:00:01,000 --> 00:00:05,000\nx\n")).toEqual(bad(3, 9));
    expect(refusal("1\n00:00:01 --> 00:00:02\nno milliseconds\n")).toEqual(bad(1, 2));
    expect(refusal("1\n00:00:01,5 --> 00:00:02,000\nhalf a second or five milliseconds?\n")).toEqual(bad(1, 2));
    expect(refusal("1\n0000:00:01,000 --> 00:00:02,000\nfour-digit hours\n")).toEqual(bad(1, 2));
    expect(refusal("1\n00:00:01,000 -> 00:00:02,000 -->\nx\n")).toEqual(bad(1, 2));
    // An index with no time under it; text before the first cue of an SRT file.
    expect(refusal(cueAt(1) + "\n2\nWhere is my time?\n\n" + cueAt(3))).toEqual(bad(2, 5));
    expect(refusal("My wedding film\n\n" + cueAt(1))).toEqual(bad(1, 1));
    expect(refusal("WEBVTT\n\n00:60.000 --> 01:00.000\nx\n")).toEqual(bad(1, 3));
  });

  it("endBeforeStart: an end at or before the start names the cue and the line", () => {
    const before = (cue: number, line: number) => ({ code: "endBeforeStart", message: `Caption ${cue} (line ${line}) does not end after it starts: its end time must be later than its start time.` });
    expect(refusal("1\n00:00:05,000 --> 00:00:04,999\nx\n")).toEqual(before(1, 2));
    expect(refusal(cueAt(1) + "\n" + cueAt(2) + "\n3\n00:00:07,000 --> 00:00:07,000\nx\n")).toEqual(before(3, 10));
    expect(refusal("WEBVTT\n\nintro\n01:00:00.000 --> 00:59:59.999\nx\n")).toEqual(before(1, 4));
  });

  it(`tooManyCues: more than ${CAPTION_MAX_CUES} cues (exactly that many are read)`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}\n${stamp(i * 1000, ",")} --> ${stamp(i * 1000 + 900, ",")}\nLine ${i + 1}`).join("\n\n");
    expect(refusal(many(CAPTION_MAX_CUES + 1))).toEqual({ code: "tooManyCues", message: "The file has more than 10,000 captions." });
    expect(cuesOf(many(CAPTION_MAX_CUES))).toHaveLength(CAPTION_MAX_CUES);
  });
});

describe("cue text", () => {
  const one = (payload: string) => cuesOf(`1\n00:00:01,000 --> 00:00:02,000\n${payload}\n`)[0]?.text;

  it("keeps <b>, <i>, <u> (lower-cased, without classes) and strips every other tag and SRT's overrides", () => {
    expect(one("<i>Yes</i>, <B>really</B> <u.loud>now</u>")).toBe("<i>Yes</i>, <b>really</b> <u>now</u>");
    expect(one('<font color="#ff0000">Red</font> roses')).toBe("Red roses");
    expect(one("{\\an8}Up here {\\i1}leaning{\\i0}")).toBe("Up here leaning");
    expect(one("<v Anna>Hello <c.yellow>there</c> <00:00:01.500>you<ruby>漢<rt>kan</rt></ruby>")).toBe("Hello there you漢kan");
    expect(one("Two<br>lines<br/>here")).toBe("Two\nlines\nhere");
  });

  it("never lets <script> or any other markup through; a stray <, > become ‹, ›, & is &amp;, references are read first", () => {
    expect(one("<script>alert(1)</script>")).toBe("alert(1)");
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\n<img src=x onerror="alert(1)">\n')).toMatchObject({ code: "empty" });
    expect(one("<<script>script>alert(1)<</script>/script>")).toBe("alert(1)"); // a tag joined by removing one is removed in turn
    expect(one("Fish & chips < 5 £ > nothing")).toBe("Fish &amp; chips ‹ 5 £ › nothing");
    expect(one("Already &amp; escaped &lt;3 &#8364; &nope; a&nbsp;b")).toBe("Already &amp; escaped ‹3 € &amp;nope; a\u00a0b");
    for (const payload of ["<script>x</script>", "<SCRIPT SRC=//e.vil>", "<iframe/src=x>", "<<b>script>", "<scr<c>ipt>", "<a href=javascript:x>y</a>"]) {
      const result = parse(`1\n00:00:01,000 --> 00:00:02,000\n${payload}\n`);
      for (const c of result.ok ? result.cues : []) expect(c.text.replace(/<\/?[biu]>/g, "")).not.toMatch(/[<>]/);
      if (result.ok) expect(result.vtt).not.toMatch(/<(?!\/?[biu]>)/);
    }
  });

  it("replaces a '-->' in text with '→'", () => {
    expect(one("Church --> reception")).toBe("Church → reception");
    expect(cuesOf("WEBVTT\n\n00:01.000 --> 00:02.000\nA\nB --> C\n")).toEqual([{ start: 1, end: 2, text: "A\nB → C" }]);
  });

  it("keeps line breaks, trims lines, and collapses blank lines inside an SRT cue", () => {
    expect(one("  First line  \n\tSecond line")).toBe("First line\nSecond line");
    expect(cuesOf("1\n00:00:01,000 --> 00:00:02,000\nLine one\n\n\nLine two\n\n2\n00:00:03,000 --> 00:00:04,000\nNext\n")).toEqual([
      { start: 1, end: 2, text: "Line one\nLine two" },
      { start: 3, end: 4, text: "Next" },
    ]);
  });
});

describe("formats", () => {
  it("reads SRT without index lines, with '.' separators, 1–3 digit hours, and coordinates after the times", () => {
    expect(cuesOf("00:00:01,000 --> 00:00:02,500\nNo index\n\n0:00:03.000 --> 0:00:04.000\nDots\n\n100:00:00,000 --> 100:00:01,001  X1:10 X2:20 Y1:5 Y2:9\nLong\n")).toEqual([
      { start: 1, end: 2.5, text: "No index" },
      { start: 3, end: 4, text: "Dots" },
      { start: 360_000, end: 360_001.001, text: "Long" },
    ]);
  });

  it("reads WebVTT: header metadata, NOTE, STYLE and REGION blocks skipped; identifiers and settings dropped", () => {
    const vtt = [
      "WEBVTT Kind: captions",
      "Language: en",
      "",
      "REGION",
      "id:fred width:40%",
      "",
      "STYLE",
      "::cue { color: yellow }",
      "",
      "NOTE a comment",
      "",
      "intro",
      "00:00:01.000 --> 00:00:02.000 align:start line:0 position:10%",
      "<v Anna>Hello",
      "",
      "NOTE",
      "another comment",
      "",
      "00:03.000 --> 00:04.250 region:fred",
      "Bye",
      "",
    ].join("\n");
    const result = parse(vtt);
    expect(parsed(result)).toEqual([
      { start: 1, end: 2, text: "Hello" },
      { start: 3, end: 4.25, text: "Bye" },
    ]);
    expect(result.ok && result.vtt).toBe("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHello\n\n2\n00:00:03.000 --> 00:00:04.250\nBye\n");
  });

  it("reads a WebVTT cue that follows the header without a blank line", () => {
    expect(cuesOf("WEBVTT\n00:01.000 --> 00:02.000\nRight away\n")).toEqual([{ start: 1, end: 2, text: "Right away" }]);
    expect(cuesOf("WEBVTT\nKind: captions\nfirst\n00:01.000 --> 00:02.000\nWith an id\n")).toEqual([{ start: 1, end: 2, text: "With an id" }]);
  });

  it("takes 'WEBVTT' only at the start as WebVTT", () => {
    expect(refusal("WEBVTTX\n\n00:01.000 --> 00:02.000\nx\n")).toMatchObject({ code: "badTiming" });
  });

  it("allows overlapping and unsorted cues, and sorts them by start (equal starts keep the file's order)", () => {
    const srt = ["3\n00:00:05,000 --> 00:00:06,000\nC", "1\n00:00:01,000 --> 00:00:09,000\nA", "2\n00:00:01,000 --> 00:00:02,000\nB", "4\n00:00:00,500 --> 00:00:03,000\nD"].join("\n\n");
    expect(cuesOf(srt).map((c) => c.text)).toEqual(["D", "A", "B", "C"]);
  });
});

describe("vttTimestamp (shared with the chapters track)", () => {
  it("writes hh:mm:ss.mmm to the millisecond", () => {
    expect(vttTimestamp(0)).toBe("00:00:00.000");
    expect(vttTimestamp(3723.456)).toBe("01:02:03.456");
    expect(vttTimestamp(0.001)).toBe("00:00:00.001");
    expect(vttTimestamp(359_999.999)).toBe("99:59:59.999");
    expect(vttTimestamp(360_000)).toBe("100:00:00.000");
    expect(vttTimestamp(-5)).toBe("00:00:00.000");
  });

  it("round-trips every millisecond through the text", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: HOURS_99 }), (ms) => expect(vttTimestamp(ms / 1000)).toBe(stamp(ms, "."))));
  });
});

describe("caption languages and labels", () => {
  it("lists the languages asked for, each code once, with English names", () => {
    const codes = CAPTION_LANGUAGES.map((l) => l.code);
    for (const code of [
      "en",
      "es",
      "fr",
      "de",
      "it",
      "pt",
      "pt-BR",
      "nl",
      "pl",
      "sv",
      "da",
      "no",
      "fi",
      "cs",
      "el",
      "tr",
      "ru",
      "uk",
      "ar",
      "he",
      "hi",
      "ja",
      "ko",
      "zh-Hans",
      "zh-Hant",
      "id",
      "th",
      "vi",
      "ro",
      "hu",
    ])
      expect(codes).toContain(code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(CAPTION_LANGUAGES.find((l) => l.code === "pt-BR")?.name).toBe("Portuguese (Brazil)");
  });

  it("accepts only the listed codes", () => {
    expect(captionLanguageSchema.parse("pt-BR")).toBe("pt-BR");
    expect(captionLanguageSchema.parse("zh-Hant")).toBe("zh-Hant");
    for (const bad of ["xx", "EN", "pt-br", "", "en ", 5, null]) {
      const result = captionLanguageSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Choose a language from the list.");
    }
  });

  it("takes a trimmed one-line label of 1–40 characters that can be stored", () => {
    const message = (value: unknown) => captionLabelSchema.safeParse(value).error?.issues[0]?.message;
    expect(captionLabelSchema.parse("  English (SDH) ")).toBe("English (SDH)");
    expect(captionLabelSchema.parse("é".repeat(40))).toBe("é".repeat(40));
    expect(message("   ")).toBe("Give the captions a label, for example “English”.");
    expect(message(undefined)).toBe("Give the captions a label, for example “English”.");
    expect(message("x".repeat(41))).toBe("Use at most 40 characters for the label.");
    expect(message("Eng\nlish")).toBe("The label must be a single line of text.");
    expect(message("Eng\u0000lish")).toBe("The request contains characters that cannot be stored (a NUL byte or a broken Unicode sequence).");
    expect(message("Eng\ud800lish")).toBe("The request contains characters that cannot be stored (a NUL byte or a broken Unicode sequence).");
  });
});

describe("captionLabelFor: a track's label unless the studio writes one", () => {
  it.each([
    ["en", "English"],
    ["fr", "Français"],
    ["de", "Deutsch"],
    ["es", "Español"],
    ["it", "Italiano"],
    ["pt", "Português"],
    ["ja", "日本語"],
  ])("%s → %s", (code, label) => {
    expect(captionLabelFor(code)).toBe(label);
  });

  it("gives every listed language a label that passes the label's own check", () => {
    for (const { code } of CAPTION_LANGUAGES) expect(captionLabelSchema.safeParse(captionLabelFor(code)).success).toBe(true);
  });
});

describe("cuePlainText: a cue as the transcript shows it", () => {
  it.each([
    ["<b>Hello</b> <i>there</i>", "Hello there"],
    ["<v Anna>I do</v>", "I do"],
    ["<c.loud>Yes</c> &amp; no &lt;3", "Yes & no <3"],
    ["<00:00:01.000>karaoke <00:00:02.000>words", "karaoke words"],
    ["  line one\nline two  ", "line one\nline two"],
  ])("%j → %j", (text, plain) => {
    expect(cuePlainText(text)).toBe(plain);
  });

  it("reads back what the converter writes: the words of every cleaned cue", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (words) => {
        const parsed = parseCaptions(new TextEncoder().encode(`1\n00:00:01,000 --> 00:00:02,000\n${words.replace(/\r?\n/g, " ").replace(/-->/g, "")}\n`));
        if (!parsed.ok) return;
        for (const cue of parsed.cues) expect(cuePlainText(cue.text)).not.toMatch(/<\/?[biu]>|&(amp|lt|gt);/);
      }),
    );
  });
});

// Issue 36 item 1: the player (media-captions under Vidstack's layout) decodes a cue's character
// references and writes the result with innerHTML, so a cue stored as '&lt;img onerror=…&gt;' ran
// its handler. Whatever a file holds, the stored cue must make no element but the cue tags kept,
// written as it is, decoded once or twice by an HTML parser, or rendered by the player's renderer.
describe("hostile cue text (issue 36)", () => {
  const srtOf = (payloads: string[]) => payloads.map((p, i) => `${i + 1}\n${stamp(i * 1000, ",")} --> ${stamp(i * 1000 + 900, ",")}\nSay ${p} now`).join("\n\n") + "\n";

  it.each(HOSTILE)("%s: the stored cue makes no element but <b>, <i>, <u>, decoded zero, one or two times", (payload) => {
    for (const text of [payload, `Say ${payload} now`, `<b>${payload}</b>`]) {
      const result = parse(`1\n00:00:01,000 --> 00:00:02,000\n${text}\n`);
      if (!result.ok) continue; // nothing left to show: nothing stored
      for (const c of result.cues) expect(cueTextFaults(c.text)).toEqual([]);
      // No reference in the file a renderer could read as '<' or '>' (nor one it could read as '&' followed by one).
      expect(result.vtt).not.toMatch(/&(?!amp;)|&amp;(?:[lg]t|#|amp)/i);
    }
  });

  it("the player's own renderer (media-captions) makes no img, svg, script or handler from any of them", () => {
    const result = parse(srtOf(HOSTILE));
    expect(result.ok).toBe(true);
    const rendered = playerCueHtml(result.ok ? result.vtt : "");
    expect(rendered).toHaveLength(HOSTILE.length);
    for (const html of rendered) expect(markupFaults(html)).toEqual([]);
  });

  it("what a viewer is served of a file stored before the fix is cleaned again (cleanStoredVtt)", () => {
    const legacy = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n&lt;img src=x onerror=alert(1)&gt; <b>Hi</b> &amp;lt;svg onload=alert(1)&amp;gt; Fish &amp; chips\n";
    const served = cleanStoredVtt(legacy);
    expect(served).toBe("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n<b>Hi</b>  Fish &amp; chips\n");
    for (const html of playerCueHtml(served)) expect(markupFaults(html)).toEqual([]);
    // What the fixed converter writes is served as it is.
    const fresh = parse(srtOf(["Fish & chips < 5 > 3", "<i>Yes</i>"]));
    expect(fresh.ok && cleanStoredVtt(fresh.vtt)).toBe(fresh.ok && fresh.vtt);
    expect(cleanStoredVtt("not a caption file")).toBe("WEBVTT\n");
  });

  it("fuzz: text made of references, tag pieces and letters never decodes (once or twice) into markup", () => {
    const piece = fc.constantFrom(
      "&",
      "#",
      "x",
      "3",
      "c",
      "6",
      "0",
      "2",
      ";",
      "lt",
      "gt",
      "amp",
      "LT",
      "l",
      "t",
      "<",
      ">",
      "img",
      "svg",
      " ",
      "onload=",
      "b",
      "/",
      '"',
      "=",
      "<font>",
      "</c>",
      "{\\an8}",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const result = parse(`1\n00:00:01,000 --> 00:00:02,000\n${parts.join("")}\n`);
        if (result.ok) for (const c of result.cues) expect(cueTextFaults(c.text)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
