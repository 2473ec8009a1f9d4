// A film's review comments as markers an editor imports: Premiere Pro (FCP7 XML,
// "xmeml" 4), Final Cut Pro (FCPXML 1.9), DaVinci Resolve (a CMX 3600 EDL of markers, the shape its
// "Export > Timeline Markers to EDL" writes and "Import > Timeline Markers from EDL" reads) and any
// spreadsheet (CSV). Each comment lands on the frame showing at its time, at the film's own rate
// (NTSC rates exact, 29.97 and 59.94 counted in drop-frame timecode). Nothing a client typed can
// change a file's structure. Pure: the door that serves the file reads the comments;
// tests/unit/review-markers.test.ts parses every format back with parsers of its own.
import { archiveBase } from "@/lib/services/public/rules/archive-names";
import { COMMENT_MAX } from "@/lib/limits";
import { csvRow } from "@/lib/services/data/rules/csv";

export type MarkerComment = {
  id: string;
  /** Seconds on the film (>= 0). */
  time: number;
  /** Seconds, > time, for a range comment; null for a point comment. */
  endTime: number | null;
  /** Plain text as the client wrote it (any characters: quotes, commas, newlines, <, &, emoji, RTL text). */
  text: string;
  /** The author's display name. */
  author: string;
  resolved: boolean;
};
export type MarkerFilm = {
  title: string;
  fps: number;
  durationSec: number;
  version: number;
  /** The picture's size as processing read it (rotation applied); null for a film probed before sizes were kept. */
  width: number | null;
  height: number | null;
  /** The name the film's original downloads as (lib/storage/downloads.ts downloadFileName): the file the editor relinks to. */
  mediaName: string;
};
export type MarkerFormat = "csv" | "edl" | "fcpxml" | "xml";
export const MARKER_FORMATS: readonly MarkerFormat[] = ["csv", "edl", "fcpxml", "xml"];

/**
 * A rate as editors name it: `timebase` frames make a timecode second, `num/den` is the real rate
 * (30000/1001 for 29.97, so frames never drift), `ntsc` marks the 1000/1001 rates, `dropFrame` the
 * two whose timecode skips numbers to stay on the wall clock.
 */
export type FrameRate = { timebase: number; ntsc: boolean; dropFrame: boolean; num: number; den: number };

const rate = (timebase: number, ntsc: boolean): FrameRate =>
  ntsc ? { timebase, ntsc, dropFrame: timebase % 30 === 0, num: timebase * 1000, den: 1001 } : { timebase, ntsc, dropFrame: false, num: timebase, den: 1 };
/** The rates cameras and editors use; a measured rate within 0.01 of one is that one. */
const STANDARD_RATES: readonly FrameRate[] = [rate(24, true), rate(24, false), rate(25, false), rate(30, true), rate(30, false), rate(48, false), rate(50, false), rate(60, true), rate(60, false)];

/**
 * The film's rate: the standard rate within 0.01 of `fps`, else `fps` rounded to a whole rate (at
 * least 1). A rate that is not a positive number (a film not probed yet) counts as 30, the web's
 * usual rate, so an export never fails.
 */
export function frameRate(fps: number): FrameRate {
  const f = Number.isFinite(fps) && fps > 0 ? fps : 30;
  const standard = STANDARD_RATES.find((r) => Math.abs(r.num / r.den - f) <= 0.01);
  return standard ? { ...standard } : rate(Math.max(1, Math.round(f)), false);
}

/** The frame showing at `seconds` (the 1e-6 keeps a time computed from a frame, n × den / num, on that frame). */
export function frameAt(seconds: number, r: FrameRate): number {
  const s = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  return Math.floor((s * r.num) / r.den + 1e-6);
}

const pad = (n: number) => String(n).padStart(2, "0");
/** Timecode numbers a drop-frame rate skips at the start of each minute but every tenth: 2 at 29.97, 4 at 59.94. */
const droppedPerMinute = (r: FrameRate) => (r.dropFrame ? r.timebase / 15 : 0);

/**
 * Frame `frame` as SMPTE timecode: HH:MM:SS:FF, or HH:MM:SS;FF in drop frame, where the labels
 * ;00 and ;01 (;00–;03 at 59.94) of each minute not divisible by ten do not exist, so the clock
 * keeps time with the 1000/1001 rate. Hours are not wrapped at 24 (no film is that long).
 */
export function timecode(frame: number, r: FrameRate): string {
  let f = Math.max(0, Math.floor(frame));
  const drop = droppedPerMinute(r);
  if (drop) {
    const perMinute = r.timebase * 60 - drop;
    const perTenMinutes = r.timebase * 600 - drop * 9;
    const tens = Math.floor(f / perTenMinutes);
    const rest = f % perTenMinutes;
    f += drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const seconds = Math.floor(f / r.timebase);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}${drop ? ";" : ":"}${pad(f % r.timebase)}`;
}

/** A comment placed on frames: `frames` null for a point marker. */
type PlacedMarker = { comment: MarkerComment; start: number; frames: number | null };

/**
 * The markers in order (time, then id) and the timeline's length in frames: the film's, stretched
 * to hold every marker (a comment on the last frame of a film whose length was rounded down, or
 * one whose length is unknown, still lands). A range that covers no whole frame is a point.
 */
function placeMarkers(film: MarkerFilm, comments: readonly MarkerComment[], r: FrameRate = frameRate(film.fps)): { markers: PlacedMarker[]; totalFrames: number } {
  const sorted = [...comments].sort((a, b) => (a.time || 0) - (b.time || 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const markers = sorted.map((comment) => {
    const start = frameAt(comment.time, r);
    const end = comment.endTime === null ? start : frameAt(comment.endTime, r);
    return { comment, start, frames: end > start ? end - start : null };
  });
  const own = Number.isFinite(film.durationSec) && film.durationSec > 0 ? Math.round((film.durationSec * r.num) / r.den) : 0;
  return { markers, totalFrames: markers.reduce((n, m) => Math.max(n, m.start + (m.frames ?? 1)), Math.max(1, own)) };
}

/** Lone surrogate halves: no UTF-8 encoder can write them (they would arrive as U+FFFD or break an XML parser). */
const wellFormed = (s: string) => s.replace(/\p{Cs}/gu, "");
const versionOf = (film: MarkerFilm) => Math.max(1, Math.trunc(film.version)) || 1;

// CSV through lib/services/data/rules/csv.ts (every text cell quoted, no piece of a line split at ',' or ';' starting a
// formula), CRLF records, and a BOM so Excel reads UTF-8.
const CSV_HEADER = ["Timecode In", "Timecode Out", "Seconds In", "Seconds Out", "Author", "Comment", "Status", "Version"];
const seconds = (s: number) => (Number.isFinite(s) && s > 0 ? s : 0).toFixed(3);

function csv(film: MarkerFilm, r: FrameRate, markers: PlacedMarker[]): string {
  const rows = markers.map(({ comment: c, start, frames }) => [
    timecode(start, r),
    frames === null ? "" : timecode(start + frames, r),
    seconds(c.time),
    frames === null ? "" : seconds(c.endTime ?? 0),
    wellFormed(c.author),
    wellFormed(c.text),
    c.resolved ? "Resolved" : "Open",
    versionOf(film),
  ]);
  return "\uFEFF" + [CSV_HEADER, ...rows].map(csvRow).join("");
}

// EDL as Resolve writes timeline markers: per marker a one-track cut event whose source and record
// times are the marker's (record time on Resolve's default timeline start, 01:00:00:00), then
// ` |C:<colour> |M:<name> |D:<frames>`. Fields are split on '|' and events on line breaks, so the
// text becomes one line without either; a point marker is one frame long, as Resolve writes it.
const EDL_TEXT_MAX = COMMENT_MAX;
/** CMX 3600 allows a title of 70 characters. */
const EDL_TITLE_MAX = 70;
const edlText = (s: string, max: number) =>
  Array.from(
    wellFormed(s)
      .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, " ")
      .replace(/\t/g, " ")
      .replace(/\|/g, "/")
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ""),
  )
    .slice(0, max)
    .join("");
/** One hour of timecode in frames (drop frame skips its numbers in 54 of the 60 minutes). */
const hourFrames = (r: FrameRate) => r.timebase * 3600 - droppedPerMinute(r) * 54;

function edl(film: MarkerFilm, r: FrameRate, markers: PlacedMarker[]): string {
  const lines = [`TITLE: ${edlText(film.title, EDL_TITLE_MAX) || "Untitled"}`, `FCM: ${r.dropFrame ? "DROP FRAME" : "NON-DROP FRAME"}`, ""];
  markers.forEach(({ comment, start, frames }, i) => {
    const length = frames ?? 1;
    const tcIn = timecode(hourFrames(r) + start, r);
    const tcOut = timecode(hourFrames(r) + start + length, r);
    lines.push(`${String(i + 1).padStart(3, "0")}  001      V     C        ${tcIn} ${tcOut} ${tcIn} ${tcOut}  `);
    lines.push(` |C:${comment.resolved ? "ResolveColorGreen" : "ResolveColorRed"} |M:${edlText(comment.text, EDL_TEXT_MAX)} |D:${length}`, "");
  });
  return lines.join("\n") + "\n";
}

// XML (FCPXML, xmeml): text in elements and attributes escaped; characters XML 1.0 cannot hold
// (controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF) left out; tab, CR and LF as
// character references, because a parser turns them into spaces in an attribute and CR LF into LF.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;", "\t": "&#9;", "\n": "&#10;", "\r": "&#13;" };
const xmlEscape = (s: string) => s.replace(NOT_XML_CHAR, "").replace(/[&<>"'\t\n\r]/g, (c) => XML_ESCAPES[c]);
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
/**
 * The film's picture size. A film probed before sizes were kept has none: only then a 1080p frame
 * stands in (markers need no size; the editor reads the real one from the file when it relinks).
 */
function frameSize(film: MarkerFilm): { width: number; height: number } {
  const ok = (n: number | null): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;
  return ok(film.width) && ok(film.height) ? { width: film.width, height: film.height } : { width: 1920, height: 1080 };
}

/** The sizes Final Cut Pro names a format for (its predefined FFVideoFormat… list), by height. */
const FCP_SIZES: Record<string, string> = { "1280x720": "720p", "1920x1080": "1080p", "3840x2160": "3840x2160p", "4096x2160": "4096x2160p" };
/** The rates those formats come in, as their names spell them. */
const FCP_RATES: Record<string, string> = { "24/1001": "2398", "24/1": "24", "25/1": "25", "30/1001": "2997", "30/1": "30", "50/1": "50", "60/1001": "5994", "60/1": "60" };
/** FCP's name for a standard size and rate (`FFVideoFormat1080p2997`); undefined for any other: a custom format says only its size and frame duration. */
function fcpFormatName(size: { width: number; height: number }, r: FrameRate): string | undefined {
  const s = FCP_SIZES[`${size.width}x${size.height}`];
  const f = FCP_RATES[`${r.timebase}/${r.den}`];
  return s && f ? `FFVideoFormat${s}${f}` : undefined;
}

/** FCPXML time: frames × the frame's duration, a rational number of seconds (`360360/30000s`). */
function fcpTime(frames: number, r: FrameRate): string {
  if (frames === 0) return "0s";
  return r.ntsc ? `${frames * 1001}/${r.timebase * 1000}s` : `${frames * 100}/${r.timebase * 100}s`;
}

/**
 * FCPXML 1.9: the film as an asset (its file by the name it downloads as, to relink; its size, rate
 * and length in its format) and a project whose spine holds one asset-clip of it from its first
 * frame, the markers on that clip (their `start` in the clip's time, which starts at 0s). The clip
 * is the timeline's length (placeMarkers: the film's, stretched to hold a marker past it).
 */
function fcpxml(film: MarkerFilm, r: FrameRate, markers: PlacedMarker[], totalFrames: number): string {
  const name = xmlEscape(`${film.title} v${versionOf(film)}`);
  const total = fcpTime(totalFrames, r);
  const size = frameSize(film);
  const formatName = fcpFormatName(size, r);
  const tcFormat = r.dropFrame ? "DF" : "NDF";
  return [
    XML_HEAD + "<!DOCTYPE fcpxml>",
    '<fcpxml version="1.9">',
    "  <resources>",
    `    <format id="r1"${formatName ? ` name="${formatName}"` : ""} frameDuration="${fcpTime(1, r)}" width="${size.width}" height="${size.height}"/>`,
    `    <asset id="r2" name="${name}" start="0s" duration="${total}" hasVideo="1" format="r1" videoSources="1">`,
    `      <media-rep kind="original-media" src="${xmlEscape(encodeURIComponent(wellFormed(film.mediaName)))}"/>`,
    "    </asset>",
    "  </resources>",
    `  <library><event name="${name}"><project name="${name} markers">`,
    `    <sequence format="r1" duration="${total}" tcStart="0s" tcFormat="${tcFormat}" audioLayout="stereo" audioRate="48k"><spine>`,
    `      <asset-clip ref="r2" name="${name}" offset="0s" start="0s" duration="${total}" format="r1" tcFormat="${tcFormat}">`,
    ...markers.map(
      ({ comment: c, start, frames }) =>
        `        <marker start="${fcpTime(start, r)}" duration="${fcpTime(frames ?? 1, r)}" value="${xmlEscape(c.text)}" note="${xmlEscape(c.author)}" completed="${c.resolved ? 1 : 0}"/>`,
    ),
    "      </asset-clip>",
    "    </spine></sequence>",
    "  </project></event></library>",
    "</fcpxml>\n",
  ].join("\n");
}

/**
 * xmeml: a sequence at the film's rate (timebase and NTSC flag) and size, its length in frames, one
 * clip of the film in its video track (its file by the name it downloads as, to relink, at the same
 * rate and size) and one sequence marker per comment (out -1: a point, as Premiere writes it).
 */
function xmeml(film: MarkerFilm, r: FrameRate, markers: PlacedMarker[], totalFrames: number): string {
  const xmlRate = `<rate><timebase>${r.timebase}</timebase><ntsc>${r.ntsc ? "TRUE" : "FALSE"}</ntsc></rate>`;
  const { width, height } = frameSize(film);
  const picture = `<samplecharacteristics>${xmlRate}<width>${width}</width><height>${height}</height></samplecharacteristics>`;
  const xmlTimecode = `<timecode>${xmlRate}<string>${timecode(0, r)}</string><frame>0</frame><displayformat>${r.dropFrame ? "DF" : "NDF"}</displayformat></timecode>`;
  const media = xmlEscape(film.mediaName);
  const file = `<file id="file-1"><name>${media}</name><pathurl>${xmlEscape(encodeURIComponent(wellFormed(film.mediaName)))}</pathurl>${xmlRate}<duration>${totalFrames}</duration>${xmlTimecode}<media><video>${picture}</video></media></file>`;
  const clip = `<clipitem id="clipitem-1"><name>${media}</name><enabled>TRUE</enabled><duration>${totalFrames}</duration>${xmlRate}<start>0</start><end>${totalFrames}</end><in>0</in><out>${totalFrames}</out>${file}</clipitem>`;
  return [
    XML_HEAD + "<!DOCTYPE xmeml>",
    '<xmeml version="4">',
    '  <sequence id="sequence-1">',
    `    <name>${xmlEscape(`${film.title} v${versionOf(film)} markers`)}</name>`,
    `    <duration>${totalFrames}</duration>`,
    `    ${xmlRate}`,
    `    ${xmlTimecode}`,
    "    <in>-1</in>",
    "    <out>-1</out>",
    `    <media><video><format>${picture}</format><track>${clip}</track></video><audio><track/></audio></media>`,
    ...markers.map(
      ({ comment: c, start, frames }) =>
        `    <marker><name>${xmlEscape(c.author + (c.resolved ? " (resolved)" : ""))}</name><comment>${xmlEscape(c.text)}</comment><in>${start}</in><out>${frames === null ? -1 : start + frames}</out></marker>`,
    ),
    "  </sequence>",
    "</xmeml>\n",
  ].join("\n");
}

const CONTENT_TYPES: Record<MarkerFormat, string> = {
  csv: "text/csv; charset=utf-8",
  edl: "text/plain; charset=utf-8",
  fcpxml: "application/xml; charset=utf-8",
  xml: "application/xml; charset=utf-8",
};
/** Every content type the markers door sends, as it sends them (lib/contract/review.ts declares these). */
export const MARKER_CONTENT_TYPES: readonly string[] = [...new Set(Object.values(CONTENT_TYPES))];

/** A title as a file name: archive-names' rule, plus no bidi controls (they could show "markers.xml" as something else). */
const fileBase = (title: string) => archiveBase(wellFormed(title).replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ""));

/** The file, its content type and a safe file name (title + " v<version> markers.<ext>", characters unsafe in file names replaced). */
export function markersFile(format: MarkerFormat, film: MarkerFilm, comments: MarkerComment[]): { body: string; contentType: string; fileName: string } {
  const r = frameRate(film.fps);
  const { markers, totalFrames } = placeMarkers(film, comments, r);
  const body = format === "csv" ? csv(film, r, markers) : format === "edl" ? edl(film, r, markers) : format === "fcpxml" ? fcpxml(film, r, markers, totalFrames) : xmeml(film, r, markers, totalFrames);
  return { body, contentType: CONTENT_TYPES[format], fileName: `${fileBase(film.title)} v${versionOf(film)} markers.${format}` };
}
