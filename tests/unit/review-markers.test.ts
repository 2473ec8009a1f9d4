/**
 * Review comments as editors' markers (issue 40 item 6, lib/services/review/rules/markers.ts): every format is read
 * back by a parser of its own (tests/helpers/marker-parsers.ts), never by the writers; markers sit
 * on the frame showing at the comment's time at the film's exact rate; drop-frame timecode follows
 * SMPTE's definition; and nothing a client types changes a file's structure.
 */
import fc from "fast-check";
import { frameAt, frameRate, MARKER_FORMATS, markersFile, timecode, type MarkerComment, type MarkerFilm } from "@/lib/services/review/rules/markers";
import { at, childrenNamed, fcpFrames, parseCsv, parseEdl, parseXml, timecodeToFrame } from "@/tests/helpers/marker-parsers";

/** The brief's hostile comment, with an emoji, Arabic and Hebrew (right-to-left) text. */
const HOSTILE = `"a, b"\r\n=cmd|' /C calc'!A0 </marker>]]>&<script> 😀👩🏽‍🎬 مرحبا بالعالم שלום`;
/** The same as an EDL holds it: CR LF as one space, '|' as '/' (both are the format's separators). */
const HOSTILE_EDL = `"a, b" =cmd/' /C calc'!A0 </marker>]]>&<script> 😀👩🏽‍🎬 مرحبا بالعالم שלום`;

/** A 1280×720 film at 29.97 (not the 1080p a file of unknown size gets). */
const NTSC_FILM: MarkerFilm = { title: "Wedding film", fps: 29.97, durationSec: 120, version: 3, width: 1280, height: 720, mediaName: "Wedding film.mp4" };
/** The last frame of a 120 s film at 29.97 (3596 frames): 3595, shown from 3595 × 1001/30000 s. */
const LAST_FRAME_TIME = (3595 * 1001) / 30000;

const comment = (c: Partial<MarkerComment> & Pick<MarkerComment, "id" | "time">): MarkerComment => ({ endTime: null, text: "", author: "Ana", resolved: false, ...c });
const COMMENTS: MarkerComment[] = [
  comment({ id: "c1", time: 12, text: HOSTILE, author: "Zoë <admin> & co" }),
  comment({ id: "c9", time: LAST_FRAME_TIME, text: "last frame" }),
  comment({ id: "c2", time: 0, endTime: 3.5, text: "Opening titles", author: "=SUM(A1)", resolved: true }),
  comment({ id: "c5", time: 20, endTime: 20.01, text: "range within one frame" }),
  comment({ id: "c0", time: 12, text: "same time, earlier id", author: "-Ben" }),
];
/** COMMENTS in the order the files list them (time, then id), with their frames at 29.97 DF. */
const EXPECTED = [
  { id: "c2", frame: 0, tc: "00:00:00;00", frames: 104, tcOut: "00:00:03;14" }, // 3.5 s × 29.97 = 104.9
  { id: "c0", frame: 359, tc: "00:00:11;29", frames: null, tcOut: "" }, // 12 s × 29.97 = 359.64
  { id: "c1", frame: 359, tc: "00:00:11;29", frames: null, tcOut: "" },
  { id: "c5", frame: 599, tc: "00:00:19;29", frames: null, tcOut: "" }, // 599.4 and 599.7: no whole frame, a point
  { id: "c9", frame: 3595, tc: "00:01:59;27", frames: null, tcOut: "" }, // minute 1 starts at ;02
];
const byId = (id: string) => COMMENTS.find((c) => c.id === id)!;

/** What XML 1.0 can hold of `s`, by its Char production (tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000 up). */
function xmlChars(s: string): string {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || cp >= 0x10000) out += ch;
  }
  return out;
}
/** `s` without lone surrogate halves (a pair counts as one code point when iterated). */
const withoutLoneSurrogates = (s: string) => [...s].filter((ch) => !(ch.length === 1 && ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff)).join("");
/** What an EDL keeps of a text: one line (CR LF, CR, LF, NEL, LS, PS and tab as a space), '|' as '/', no control character, 2,000 code points. */
function edlChars(s: string): string {
  const out: string[] = [];
  const cps = [...withoutLoneSurrogates(s)];
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i].codePointAt(0)!;
    if (cp === 0xd && cps[i + 1] === "\n") continue; // CR LF is one line break: its LF becomes the space
    if ([0x9, 0xa, 0xd, 0x85, 0x2028, 0x2029].includes(cp)) out.push(" ");
    else if (cps[i] === "|") out.push("/");
    else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) continue;
    else out.push(cps[i]);
  }
  return out.slice(0, 2000).join("");
}
/** A text as the CSV holds it (lib/services/data/rules/csv.ts): ' before a formula character at its start and after every ';' (and before a quote after a ';'). */
const formulaGuarded = (s: string) => s.replace(/^(?=[=+\-@\t\r])|;(?=[=+\-@\t\r"])/g, "$&'");

describe("frame rates", () => {
  it("snaps a measured rate to the standard one within 0.01, NTSC rates exact", () => {
    expect(frameRate(29.97)).toEqual({ timebase: 30, ntsc: true, dropFrame: true, num: 30000, den: 1001 });
    expect(frameRate(29.970029)).toEqual(frameRate(29.97));
    expect(frameRate(59.94)).toEqual({ timebase: 60, ntsc: true, dropFrame: true, num: 60000, den: 1001 });
    expect(frameRate(23.976)).toEqual({ timebase: 24, ntsc: true, dropFrame: false, num: 24000, den: 1001 });
    expect(frameRate(23.98)).toEqual(frameRate(23.976));
    for (const whole of [24, 25, 30, 48, 50, 60]) expect(frameRate(whole + 0.004)).toEqual({ timebase: whole, ntsc: false, dropFrame: false, num: whole, den: 1 });
  });

  it("rounds any other rate to a whole one, at least 1, and takes 30 for a rate that is not a positive number", () => {
    expect(frameRate(15)).toMatchObject({ timebase: 15, ntsc: false, num: 15, den: 1 });
    expect(frameRate(12.5)).toMatchObject({ timebase: 13, ntsc: false });
    expect(frameRate(0.2)).toMatchObject({ timebase: 1, ntsc: false });
    for (const bad of [0, -25, Number.NaN, Number.POSITIVE_INFINITY]) expect(frameRate(bad)).toEqual({ timebase: 30, ntsc: false, dropFrame: false, num: 30, den: 1 });
  });

  it("puts a time on the frame showing then", () => {
    expect(frameAt(12, frameRate(29.97))).toBe(359); // 359.64
    expect(frameAt(12, frameRate(25))).toBe(300);
    expect(frameAt(12, frameRate(23.976))).toBe(287); // 287.71
    expect(frameAt(60, frameRate(59.94))).toBe(3596); // 3596.4
    expect(frameAt(-3, frameRate(25))).toBe(0);
    for (const fps of [23.976, 29.97, 59.94, 25]) {
      const { num, den } = frameRate(fps);
      for (let n = 0; n < 5000; n += 7) {
        expect(frameAt((n * den) / num, frameRate(fps))).toBe(n); // a frame's own start time
        expect(frameAt(((n + 1) * den) / num - 1e-4, frameRate(fps))).toBe(n); // just before the next
      }
    }
  });
});

describe("timecode", () => {
  it("gives SMPTE's known drop-frame values", () => {
    const df30 = frameRate(29.97);
    expect(timecode(1800, df30)).toBe("00:01:00;02");
    expect(timecode(17982, df30)).toBe("00:10:00;00");
    expect(timecode(107892, df30)).toBe("01:00:00;00");
    expect(timecode(1799, df30)).toBe("00:00:59;29");
    expect(timecode(3600, frameRate(59.94))).toBe("00:01:00;04");
    expect(timecode(107892 * 2, frameRate(59.94))).toBe("01:00:00;00");
    expect(timecode(86400 + 23, frameRate(23.976))).toBe("01:00:00:23");
    expect(timecode(90000, frameRate(25))).toBe("01:00:00:00");
  });

  it("counts drop-frame labels as a clock does, skipping the dropped ones, for twenty minutes", () => {
    for (const [fps, drop] of [
      [29.97, 2],
      [59.94, 4],
    ]) {
      const r = frameRate(fps);
      const labels: string[] = [];
      let [h, m, s, f] = [0, 0, 0, 0];
      while (labels.length < r.timebase * 60 * 20) {
        labels.push(`${[h, m, s].map((x) => String(x).padStart(2, "0")).join(":")};${String(f).padStart(2, "0")}`);
        if (++f === r.timebase) {
          f = 0;
          if (++s === 60) {
            s = 0;
            if (++m === 60) [m, h] = [0, h + 1];
            if (m % 10 !== 0) f = drop; // the first labels of this minute do not exist
          }
        }
      }
      const first = labels.findIndex((label, n) => timecode(n, r) !== label);
      expect(first === -1 ? null : { fps, frame: first, written: timecode(first, r), clock: labels[first] }).toBeNull();
    }
  });

  it("reads back to the same frame at every rate, up to 24 hours", () => {
    fc.assert(
      fc.property(fc.constantFrom(23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 15), fc.integer({ min: 0, max: 24 * 3600 * 60 }), (fps, n) => {
        const r = frameRate(fps);
        expect(timecodeToFrame(timecode(n, r), r.timebase, r.dropFrame)).toBe(n);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("CSV", () => {
  const { body, contentType, fileName } = markersFile("csv", NTSC_FILM, COMMENTS);
  const { bom, rows } = parseCsv(body);

  it("is UTF-8 with a BOM, CRLF records under the header, one row per comment in time order", () => {
    expect(contentType).toBe("text/csv; charset=utf-8");
    expect(fileName).toBe("Wedding film v3 markers.csv");
    expect(bom).toBe(true);
    expect(body.endsWith("\r\n")).toBe(true);
    expect(rows[0]).toEqual(["Timecode In", "Timecode Out", "Seconds In", "Seconds Out", "Author", "Comment", "Status", "Version"]);
    expect(rows.slice(1).map((r) => r[5])).toEqual(EXPECTED.map((e) => byId(e.id).text));
    expect(rows.every((r) => r.length === 8)).toBe(true);
  });

  it("gives each row its timecodes, seconds, author, comment, status and version", () => {
    expect(rows[1]).toEqual(["00:00:00;00", "00:00:03;14", "0.000", "3.500", "'=SUM(A1)", "Opening titles", "Resolved", "3"]);
    expect(rows[2]).toEqual(["00:00:11;29", "", "12.000", "", "'-Ben", "same time, earlier id", "Open", "3"]);
    expect(rows[3]).toEqual(["00:00:11;29", "", "12.000", "", "Zoë <admin> & co", HOSTILE, "Open", "3"]);
    expect(rows[4].slice(0, 4)).toEqual(["00:00:19;29", "", "20.000", ""]);
    expect(rows[5].slice(0, 3)).toEqual(["00:01:59;27", "", LAST_FRAME_TIME.toFixed(3)]);
    for (const [i, e] of EXPECTED.entries()) expect(timecodeToFrame(rows[i + 1][0], 30, true)).toBe(e.frame);
  });

  it("starts a text a spreadsheet would run as a formula with a quote", () => {
    const risky = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x")'];
    const out = parseCsv(
      markersFile(
        "csv",
        NTSC_FILM,
        risky.map((text, i) => comment({ id: `r${i}`, time: i, text, author: text })),
      ).body,
    ).rows.slice(1);
    expect(out.map((r) => r[5])).toEqual(risky.map((t) => `'${t}`));
    expect(out.map((r) => r[4])).toEqual(risky.map((t) => `'${t}`));
    expect(out.every((r) => !/^[=+\-@\t\r]/.test(r[4]) && !/^[=+\-@\t\r]/.test(r[5]))).toBe(true);
  });

  it("quotes every text cell and puts ' after every ';' before a formula, so Excel splitting at ';' runs none", () => {
    const note = 'note;=HYPERLINK("http://evil.example","click");-1;@A1';
    const { body } = markersFile("csv", NTSC_FILM, [comment({ id: "s", time: 1, text: note, author: "Ana;+1" })]);
    expect(parseCsv(body).rows[1].slice(4, 6)).toEqual(["Ana;'+1", 'note;\'=HYPERLINK("http://evil.example","click");\'-1;\'@A1']);
    expect(body).toContain(`,"Ana;'+1","note;'=HYPERLINK(""http://evil.example"",""click"");'-1;'@A1","Open",3\r\n`);
    expect(body.split(";").filter((piece) => /^[=+\-@\t\r]/.test(piece))).toEqual([]);
  });
});

describe("EDL (DaVinci Resolve markers)", () => {
  const { body, contentType, fileName } = markersFile("edl", NTSC_FILM, COMMENTS);
  const edl = parseEdl(body);
  const HOUR_DF = timecodeToFrame("01:00:00;00", 30, true);

  it("names the title and drop frame, then one event per comment in time order", () => {
    expect(contentType).toBe("text/plain; charset=utf-8");
    expect(fileName).toBe("Wedding film v3 markers.edl");
    expect(
      body.startsWith("TITLE: Wedding film\nFCM: DROP FRAME\n\n001  001      V     C        01:00:00;00 01:00:03;14 01:00:00;00 01:00:03;14  \n |C:ResolveColorGreen |M:Opening titles |D:104\n\n"),
    ).toBe(true);
    expect(edl.title).toBe("Wedding film");
    expect(edl.fcm).toBe("DROP FRAME");
    expect(edl.events.map((e) => e.number)).toEqual([1, 2, 3, 4, 5]);
    expect(edl.events.map((e) => e.name)).toEqual([byId("c2").text, byId("c0").text, HOSTILE_EDL, byId("c5").text, byId("c9").text]);
  });

  it("writes Resolve's columns: event, reel 001, V, C, source in/out equal to record in/out", () => {
    for (const e of edl.events) {
      expect(e.line).toMatch(/^\d{3}  001      V     C        \d\d:\d\d:\d\d;\d\d \d\d:\d\d:\d\d;\d\d \d\d:\d\d:\d\d;\d\d \d\d:\d\d:\d\d;\d\d  $/);
      expect([e.reel, e.channel, e.transition, e.note]).toEqual(["001", "V", "C", ""]);
      expect([e.sourceIn, e.sourceOut]).toEqual([e.recordIn, e.recordOut]);
    }
  });

  it("puts each marker on its frame from 01:00:00;00, a range as long as it is, a point one frame long", () => {
    for (const [i, e] of EXPECTED.entries()) {
      const ev = edl.events[i];
      expect(timecodeToFrame(ev.recordIn, 30, true) - HOUR_DF).toBe(e.frame);
      expect(ev.duration).toBe(e.frames ?? 1);
      expect(timecodeToFrame(ev.recordOut, 30, true) - timecodeToFrame(ev.recordIn, 30, true)).toBe(ev.duration);
      expect(ev.color).toBe(byId(e.id).resolved ? "ResolveColorGreen" : "ResolveColorRed");
    }
    expect(edl.events[4].recordIn).toBe("01:01:59;27");
  });

  it("says NON-DROP FRAME with ':' at 25, 23.976 (timebase 24) and 30", () => {
    for (const [fps, tc, timebase] of [
      [25, "01:00:12:00", 25],
      [23.976, "01:00:11:23", 24], // frame 287
      [30, "01:00:12:00", 30],
    ] as const) {
      const out = parseEdl(markersFile("edl", { ...NTSC_FILM, fps }, [comment({ id: "a", time: 12, text: "x" })]).body);
      expect(out.fcm).toBe("NON-DROP FRAME");
      expect(out.events[0].recordIn).toBe(tc);
      expect(timecodeToFrame(out.events[0].recordIn, timebase, false) - timecodeToFrame("01:00:00:00", timebase, false)).toBe(frameAt(12, frameRate(fps)));
    }
  });

  it("keeps a text on one line without '|' or control characters, at most 2,000 characters", () => {
    const long = "é".repeat(2500);
    const weird = "a|b\nc\rd\r\ne\u2028f\u0000g\u001bh\u0085i\tj\ud800k";
    const out = parseEdl(markersFile("edl", { ...NTSC_FILM, title: "A\r\nB|C" }, [comment({ id: "a", time: 1, text: long }), comment({ id: "b", time: 2, text: weird })]).body);
    expect(out.title).toBe("A B/C");
    expect(out.events[0].name).toBe("é".repeat(2000));
    expect(out.events[1].name).toBe("a/b c d e fgh i jk");
  });
});

describe("FCPXML (Final Cut Pro)", () => {
  const { body, contentType, fileName } = markersFile("fcpxml", NTSC_FILM, COMMENTS);
  const doc = parseXml(body);

  it("is an FCPXML 1.9 document whose format has the film's frame duration", () => {
    expect(contentType).toBe("application/xml; charset=utf-8");
    expect(fileName).toBe("Wedding film v3 markers.fcpxml");
    expect(doc.declaration).toEqual({ version: "1.0", encoding: "UTF-8" });
    expect(doc.doctype).toBe("fcpxml");
    expect(doc.root.name).toBe("fcpxml");
    expect(doc.root.attributes.version).toBe("1.9");
    expect(at(doc.root, "resources/format").attributes).toMatchObject({ id: "r1", frameDuration: "1001/30000s" });
  });

  it("carries the film as an asset of its real format: FCP's named format, its size, frame duration and length, its file to relink", () => {
    const resources = at(doc.root, "resources");
    expect(resources.children.map((c) => c.name)).toEqual(["format", "asset"]);
    expect(at(resources, "format").attributes).toEqual({ id: "r1", name: "FFVideoFormat720p2997", frameDuration: "1001/30000s", width: "1280", height: "720" });
    const asset = at(resources, "asset");
    expect(asset.attributes).toMatchObject({ id: "r2", format: "r1", start: "0s", hasVideo: "1", name: "Wedding film v3" });
    expect(fcpFrames(asset.attributes.duration, "1001/30000s")).toBe(3596); // 120 s × 29.97
    expect(at(asset, "media-rep").attributes).toEqual({ kind: "original-media", src: "Wedding%20film.mp4" });
  });

  it("holds the markers on an asset-clip of that asset, the only item of the project's spine, as long as the film", () => {
    const sequence = at(doc.root, "library/event/project/sequence");
    expect(at(sequence, "spine").children.map((c) => c.name)).toEqual(["asset-clip"]);
    const clip = at(sequence, "spine/asset-clip");
    expect(sequence.attributes).toMatchObject({ format: "r1", tcFormat: "DF", tcStart: "0s" });
    expect(clip.attributes).toMatchObject({ ref: "r2", format: "r1", offset: "0s", start: "0s", tcFormat: "DF" });
    expect(fcpFrames(sequence.attributes.duration, "1001/30000s")).toBe(3596);
    expect(fcpFrames(clip.attributes.duration, "1001/30000s")).toBe(3596);
    expect(clip.children.length).toBe(EXPECTED.length);
    expect(clip.children.every((c) => c.name === "marker")).toBe(true);
  });

  it("names a standard format as Final Cut Pro does, and describes any other by its size and frame duration", () => {
    const format = (film: Partial<MarkerFilm>) => at(parseXml(markersFile("fcpxml", { ...NTSC_FILM, ...film }, []).body).root, "resources/format").attributes;
    expect(format({ width: 1920, height: 1080, fps: 25 })).toMatchObject({ name: "FFVideoFormat1080p25", width: "1920", height: "1080", frameDuration: "100/2500s" });
    expect(format({ width: 3840, height: 2160, fps: 23.976 })).toMatchObject({ name: "FFVideoFormat3840x2160p2398", frameDuration: "1001/24000s" });
    expect(format({ width: 1280, height: 720, fps: 59.94 }).name).toBe("FFVideoFormat720p5994");
    // A phone's portrait film, and a rate FCP has no named format for: custom.
    expect(format({ width: 1080, height: 1920, fps: 29.97 })).toEqual({ id: "r1", frameDuration: "1001/30000s", width: "1080", height: "1920" });
    expect(format({ width: 1920, height: 1080, fps: 12 })).toEqual({ id: "r1", frameDuration: "100/1200s", width: "1920", height: "1080" });
  });

  it("gives each marker its frame, length, text, author and to-do state", () => {
    const markers = childrenNamed(at(doc.root, "library/event/project/sequence/spine/asset-clip"), "marker");
    expect(markers).toHaveLength(EXPECTED.length);
    for (const [i, e] of EXPECTED.entries()) {
      const a = markers[i].attributes;
      const c = byId(e.id);
      expect(fcpFrames(a.start, "1001/30000s")).toBe(e.frame);
      expect(fcpFrames(a.duration, "1001/30000s")).toBe(e.frames ?? 1);
      expect([a.value, a.note, a.completed]).toEqual([c.text, c.author, c.resolved ? "1" : "0"]);
    }
    expect(markers[1].attributes.start).toBe("359359/30000s");
    expect(markers[2].attributes.value).toBe(HOSTILE); // byte for byte: CR LF, quotes, <, &, ]]>, emoji, RTL
  });

  it("uses each rate's frame duration", () => {
    for (const [fps, duration, frame] of [
      [25, "100/2500s", 300],
      [23.976, "1001/24000s", 287],
      [59.94, "1001/60000s", 719],
      [60, "100/6000s", 720],
    ] as const) {
      const out = parseXml(markersFile("fcpxml", { ...NTSC_FILM, fps }, [comment({ id: "a", time: 12 })]).body).root;
      expect(at(out, "resources/format").attributes.frameDuration).toBe(duration);
      expect(fcpFrames(at(out, "library/event/project/sequence/spine/asset-clip/marker").attributes.start, duration)).toBe(frame);
    }
  });
});

describe("Premiere XML (xmeml)", () => {
  const { body, contentType, fileName } = markersFile("xml", NTSC_FILM, COMMENTS);
  const doc = parseXml(body);
  const sequence = at(doc.root, "sequence");

  it("is an xmeml 4 sequence at the film's rate and length", () => {
    expect(contentType).toBe("application/xml; charset=utf-8");
    expect(fileName).toBe("Wedding film v3 markers.xml");
    expect(doc.doctype).toBe("xmeml");
    expect([doc.root.name, doc.root.attributes.version]).toEqual(["xmeml", "4"]);
    expect([at(sequence, "rate/timebase").text, at(sequence, "rate/ntsc").text]).toEqual(["30", "TRUE"]);
    expect(at(sequence, "duration").text).toBe("3596");
    expect([at(sequence, "timecode/string").text, at(sequence, "timecode/displayformat").text]).toEqual(["00:00:00;00", "DF"]);
  });

  it("gives each marker its in and out frames (out -1 for a point), the author as name and the text as comment", () => {
    const markers = childrenNamed(sequence, "marker");
    expect(markers).toHaveLength(EXPECTED.length);
    for (const [i, e] of EXPECTED.entries()) {
      const c = byId(e.id);
      expect(at(markers[i], "in").text).toBe(String(e.frame));
      expect(at(markers[i], "out").text).toBe(e.frames === null ? "-1" : String(e.frame + e.frames));
      expect(at(markers[i], "comment").text).toBe(c.text);
      expect(at(markers[i], "name").text).toBe(c.resolved ? `${c.author} (resolved)` : c.author);
    }
    expect(at(markers[2], "comment").text).toBe(HOSTILE);
  });

  it("has the film's real size in the sequence's format and a clip of the film at its size, rate and length", () => {
    const picture = at(sequence, "media/video/format/samplecharacteristics");
    expect([at(picture, "width").text, at(picture, "height").text, at(picture, "rate/timebase").text, at(picture, "rate/ntsc").text]).toEqual(["1280", "720", "30", "TRUE"]);
    const clip = at(sequence, "media/video/track/clipitem");
    expect([at(clip, "start").text, at(clip, "end").text, at(clip, "in").text, at(clip, "out").text, at(clip, "duration").text]).toEqual(["0", "3596", "0", "3596", "3596"]);
    expect([at(clip, "rate/timebase").text, at(clip, "rate/ntsc").text]).toEqual(["30", "TRUE"]);
    const file = at(clip, "file");
    expect([at(file, "name").text, at(file, "pathurl").text]).toEqual(["Wedding film.mp4", "Wedding%20film.mp4"]);
    const filePicture = at(file, "media/video/samplecharacteristics");
    expect([at(filePicture, "width").text, at(filePicture, "height").text, at(filePicture, "rate/timebase").text, at(filePicture, "rate/ntsc").text]).toEqual(["1280", "720", "30", "TRUE"]);
  });

  it("says the rate's timebase and NTSC flag", () => {
    for (const [fps, timebase, ntsc, format] of [
      [23.976, "24", "TRUE", "NDF"],
      [25, "25", "FALSE", "NDF"],
      [59.94, "60", "TRUE", "DF"],
    ] as const) {
      const s = at(parseXml(markersFile("xml", { ...NTSC_FILM, fps }, []).body).root, "sequence");
      expect([at(s, "rate/timebase").text, at(s, "rate/ntsc").text, at(s, "timecode/displayformat").text]).toEqual([timebase, ntsc, format]);
      for (const path of ["media/video/format/samplecharacteristics/rate", "media/video/track/clipitem/rate", "media/video/track/clipitem/file/media/video/samplecharacteristics/rate"])
        expect([at(s, `${path}/timebase`).text, at(s, `${path}/ntsc`).text]).toEqual([timebase, ntsc]);
    }
  });
});

describe("what a client types", () => {
  const NASTY = "x\u0000y\u0007z\u000bw\ud800v\udfffu\ufffe\uffff t\u2028s </marker>]]><![CDATA[ &amp; &#0; \"'";

  it("never breaks the XML: characters XML cannot hold are left out, the rest comes back as typed", () => {
    for (const format of ["fcpxml", "xml"] as const) {
      const { root } = parseXml(markersFile(format, { ...NTSC_FILM, title: NASTY }, [comment({ id: "a", time: 1, text: NASTY, author: NASTY })]).body);
      const text = format === "fcpxml" ? at(root, "library/event/project/sequence/spine/asset-clip/marker").attributes.value : at(root, "sequence/marker/comment").text;
      expect(text).toBe("xyzwvu t\u2028s </marker>]]><![CDATA[ &amp; &#0; \"'");
    }
  });

  it("keeps any text's structure in every format (random texts)", () => {
    const piece = fc.oneof(
      fc.constantFrom('"', "'", ",", ";", "\r\n", "\n", "\r", "|", "<", ">", "&", "]]>", "</marker>", "<![CDATA[", "&#0;", "=", "-", "@", "\t", " |D:9", "\u2028", "😀", "مرحبا", "\u202e"),
      fc.integer({ min: 0, max: 0x10ffff }).map((cp) => (cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp))),
      fc.string({ maxLength: 5 }),
    );
    const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 4 }), (pairs) => {
        const comments = pairs.map(([t, a], i) => comment({ id: `c${i}`, time: i, text: t, author: a }));
        const film = { ...NTSC_FILM, title: pairs[0][0], mediaName: pairs[0][1] };
        const csv = parseCsv(markersFile("csv", film, comments).body).rows.slice(1);
        expect(csv.map((r) => [r[5], r[4]])).toEqual(pairs.map(([t, a]) => [formulaGuarded(withoutLoneSurrogates(t)), formulaGuarded(withoutLoneSurrogates(a))]));
        expect(parseEdl(markersFile("edl", film, comments).body).events.map((e) => e.name)).toEqual(pairs.map(([t]) => edlChars(t)));
        const fcp = childrenNamed(at(parseXml(markersFile("fcpxml", film, comments).body).root, "library/event/project/sequence/spine/asset-clip"), "marker");
        expect(fcp.map((m) => [m.attributes.value, m.attributes.note])).toEqual(pairs.map(([t, a]) => [xmlChars(t), xmlChars(a)]));
        const xmeml = childrenNamed(at(parseXml(markersFile("xml", film, comments).body).root, "sequence"), "marker");
        expect(xmeml.map((m) => [at(m, "comment").text, at(m, "name").text])).toEqual(pairs.map(([t, a]) => [xmlChars(t), xmlChars(a)]));
      }),
      { numRuns: 300 },
    );
  });
});

describe("edges", () => {
  it("writes a valid, empty file of each format for no comments", () => {
    const film = { ...NTSC_FILM, fps: 25, durationSec: 10 };
    expect(parseCsv(markersFile("csv", film, []).body).rows).toHaveLength(1);
    expect(parseEdl(markersFile("edl", film, []).body)).toEqual({ title: "Wedding film", fcm: "NON-DROP FRAME", events: [] });
    const gap = at(parseXml(markersFile("fcpxml", film, []).body).root, "library/event/project/sequence/spine/asset-clip");
    expect([gap.children.length, fcpFrames(gap.attributes.duration, "100/2500s")]).toEqual([0, 250]);
    const sequence = at(parseXml(markersFile("xml", film, []).body).root, "sequence");
    expect([childrenNamed(sequence, "marker").length, at(sequence, "duration").text]).toEqual([0, "250"]);
  });

  it("takes a 1080p frame only for a film whose size is not known (probed before sizes were kept)", () => {
    for (const size of [
      { width: null, height: null },
      { width: 1280, height: null },
    ]) {
      const film = { ...NTSC_FILM, ...size };
      expect(at(parseXml(markersFile("fcpxml", film, []).body).root, "resources/format").attributes).toMatchObject({ name: "FFVideoFormat1080p2997", width: "1920", height: "1080" });
      const picture = at(parseXml(markersFile("xml", film, []).body).root, "sequence/media/video/format/samplecharacteristics");
      expect([at(picture, "width").text, at(picture, "height").text]).toEqual(["1920", "1080"]);
    }
  });

  it("keeps the media file's name a plain reference whatever the title held", () => {
    const mediaName = '"a" </media-rep>&<x> 😀 ?#%.mp4';
    const { root } = parseXml(markersFile("fcpxml", { ...NTSC_FILM, mediaName }, []).body);
    expect(decodeURIComponent(at(root, "resources/asset/media-rep").attributes.src)).toBe(mediaName);
    expect(at(root, "resources/asset/media-rep").attributes.src).not.toMatch(/[/?#"<>& ]/);
    const file = at(parseXml(markersFile("xml", { ...NTSC_FILM, mediaName }, []).body).root, "sequence/media/video/track/clipitem/file");
    expect([at(file, "name").text, decodeURIComponent(at(file, "pathurl").text)]).toEqual([mediaName, mediaName]);
  });

  it("stretches the timeline to hold a marker past the film's known length", () => {
    const film = { ...NTSC_FILM, fps: 25, durationSec: 0 };
    const sequence = at(parseXml(markersFile("xml", film, [comment({ id: "a", time: 4, endTime: 6 })]).body).root, "sequence");
    expect(at(sequence, "duration").text).toBe("150");
    const gap = at(parseXml(markersFile("fcpxml", film, [comment({ id: "a", time: 4 })]).body).root, "library/event/project/sequence/spine/asset-clip");
    expect(fcpFrames(gap.attributes.duration, "100/2500s")).toBe(101);
  });

  it("names the file after the title, without what a file name cannot hold", () => {
    for (const format of MARKER_FORMATS) {
      const { fileName } = markersFile(format, { ...NTSC_FILM, title: 'Cut: "final"/v2?\u202egpj.exe\ud800', version: 7 }, []);
      expect(fileName).toBe(`Cut- -final-v2-gpj.exe v7 markers.${format}`);
    }
    expect(markersFile("csv", { ...NTSC_FILM, title: "", version: Number.NaN }, []).fileName).toBe("Film v1 markers.csv");
  });
});

describe("the readers themselves", () => {
  it("refuse malformed files, so a pass means the writers' output is well formed", () => {
    for (const bad of ['a"b\r\n', '"open\r\n', "a\nb\r\n", '"a"b\r\n', "a,\r"]) expect(() => parseCsv(bad)).toThrow();
    expect(parseCsv('a,"b\r\n""c"""\r\n,\r\n').rows).toEqual([
      ["a", 'b\r\n"c"'],
      ["", ""],
    ]);
    for (const bad of ["<a>x & y</a>", "<a>x < y</a>", "<a b=c/>", "<a><b></a>", "<a>\u0001</a>", "<a>]]></a>", "<a/><b/>"]) expect(() => parseXml(bad)).toThrow();
    const event = "001  001      V     C        01:00:00:00 01:00:00:01 01:00:00:00 01:00:00:01  ";
    expect(parseEdl(`TITLE: t\nFCM: NON-DROP FRAME\n\n${event}\n |C:ResolveColorRed |M:x |D:1\n`).events).toHaveLength(1);
    for (const bad of [
      `TITLE: t\nFCM: NON-DROP FRAME\n\n${event}\n`,
      `TITLE: t\nFCM: NON-DROP FRAME\n\n${event}\n |C:ResolveColorRed |M:x\n`,
      `TITLE: t\nFCM: NON-DROP FRAME\n\n${event}\n |C:ResolveColorRed |M:x |D:1\nstray\n`,
      `TITLE: t\r\nFCM: DROP FRAME\n`,
    ])
      expect(() => parseEdl(bad)).toThrow();
    for (const [tc, df] of [
      ["00:01:00;00", true],
      ["00:01:00;01", true],
      ["00:01:00:02", true],
      ["00:00:00;00", false],
      ["00:00:60:00", false],
      ["00:00:00:30", false],
    ] as const)
      expect(() => timecodeToFrame(tc, 30, df)).toThrow();
    expect(timecodeToFrame("00:10:00;00", 30, true)).toBe(17982);
  });
});
