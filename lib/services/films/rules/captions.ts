// A film's captions: a studio uploads an SRT or WebVTT file per language; the server
// checks it and keeps it as WebVTT, the one format every player reads. Pure (bytes in, a result out,
// no I/O) so the upload door and the tests share it.
//
// What reaches a player is safe, by the cue text rule of lib/services/films/rules/vtt.ts (players decode a
// cue's references and write it with innerHTML): references that could become markup are read
// first, then only the cue tags <b>, <i> and <u> are kept (SRT's <font> and {\an8}-style overrides,
// WebVTT's voice, class, ruby and timestamp tags are dropped: voice and class carry attributes),
// any other '<' and '>' becomes '‹' and '›', '&' is written '&amp;', a '-->' in the text becomes
// '→', and a cue's text has no blank line (a blank line ends a cue). Cleaning is idempotent: the
// WebVTT written here parses back to the same cues. Files stored before that rule are cleaned
// again when served (cleanStoredVtt).
import { CAPTION_MAX_BYTES, CAPTION_MAX_CUES } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import { decodeCueReferences, escapeCueText, vttDocument } from "@/lib/services/films/rules/vtt";

/** One caption: start and end in seconds (to the millisecond), the text as WebVTT cue text (line breaks kept). */
export type Cue = { start: number; end: number; text: string };

type CaptionErrorCode = "tooLarge" | "notText" | "empty" | "notCaptions" | "badTiming" | "endBeforeStart" | "tooManyCues";

export type CaptionParseResult = { ok: true; vtt: string; cues: Cue[] } | { ok: false; code: CaptionErrorCode; message: string };

/** The languages captions can be in: BCP 47 codes, English names, in the order of the names. */
export const CAPTION_LANGUAGES = [
  { code: "ar", name: "Arabic" },
  { code: "bg", name: "Bulgarian" },
  { code: "ca", name: "Catalan" },
  { code: "zh-Hans", name: "Chinese (Simplified)" },
  { code: "zh-Hant", name: "Chinese (Traditional)" },
  { code: "hr", name: "Croatian" },
  { code: "cs", name: "Czech" },
  { code: "da", name: "Danish" },
  { code: "nl", name: "Dutch" },
  { code: "en", name: "English" },
  { code: "fil", name: "Filipino" },
  { code: "fi", name: "Finnish" },
  { code: "fr", name: "French" },
  { code: "fr-CA", name: "French (Canada)" },
  { code: "de", name: "German" },
  { code: "el", name: "Greek" },
  { code: "he", name: "Hebrew" },
  { code: "hi", name: "Hindi" },
  { code: "hu", name: "Hungarian" },
  { code: "id", name: "Indonesian" },
  { code: "it", name: "Italian" },
  { code: "ja", name: "Japanese" },
  { code: "ko", name: "Korean" },
  { code: "ms", name: "Malay" },
  { code: "no", name: "Norwegian" },
  { code: "fa", name: "Persian" },
  { code: "pl", name: "Polish" },
  { code: "pt", name: "Portuguese" },
  { code: "pt-BR", name: "Portuguese (Brazil)" },
  { code: "ro", name: "Romanian" },
  { code: "ru", name: "Russian" },
  { code: "sr", name: "Serbian" },
  { code: "sk", name: "Slovak" },
  { code: "es", name: "Spanish" },
  { code: "es-419", name: "Spanish (Latin America)" },
  { code: "sv", name: "Swedish" },
  { code: "th", name: "Thai" },
  { code: "tr", name: "Turkish" },
  { code: "uk", name: "Ukrainian" },
  { code: "vi", name: "Vietnamese" },
] as const satisfies readonly { code: string; name: string }[];

export type CaptionLanguageCode = (typeof CAPTION_LANGUAGES)[number]["code"];

/**
 * What Windows-1252 puts at 0x80–0x9F (the WHATWG table; the five bytes it leaves undefined stay C1
 * controls). Node's TextDecoder("windows-1252") decodes these bytes as Latin-1 since v20.18.3 and
 * v22.13 (nodejs/node#56542), so its output is mapped again here: right with either behaviour.
 */
const CP1252_80_9F =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/**
 * A caption file's text: UTF-8 with or without a byte-order mark, UTF-16 (LE or BE) when a
 * byte-order mark says so, else Windows-1252 when the bytes are not valid UTF-8. Line endings
 * become '\n'. Whether the result is text at all is parseCaptions' to judge.
 */
export function decodeCaptionBytes(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) text = new TextDecoder("utf-8").decode(bytes);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be").decode(bytes);
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder("windows-1252").decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]);
    }
  }
  return text.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n");
}

/** Control characters other than the tab and the line feed (carriage returns are gone by now). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** A NUL, or control characters in more than 1 % of the text: a binary file, or text in an encoding we cannot tell (UTF-16 without a byte-order mark). */
function looksBinary(text: string): boolean {
  if (text.includes("\u0000")) return true;
  return (text.match(CONTROL)?.length ?? 0) * 100 > text.length;
}

/** Tags: a name with optional classes or annotation ('<font color="red">', '<v Anna>', '</i>'), or a WebVTT timestamp ('<00:01.500>'). */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)(?:[.\s/][^<>]*)?>|<\d[\d:.]*>/g;
const KEPT_TAGS = new Set(["b", "i", "u"]);
/** ASS/SSA override blocks some SRT files carry: '{\an8}', '{\i1}', '{\pos(10,20)}'. */
const OVERRIDE = /\{\\[^{}]*\}/g;
/**
 * One round of reading a cue's markup: tags rewritten (<b>, <i>, <u> kept bare, <br> a line break,
 * the rest dropped), ASS overrides dropped, then references read again in the text between the kept
 * tags (removing something may have joined one: '&#{\an8}60;', '&</i>lt') and control characters
 * (which a reference may have made) dropped.
 */
function readMarkupOnce(text: string): string {
  const flat = text
    .replace(TAG, (_tag, slash: string | undefined, name: string | undefined) => {
      const tag = name?.toLowerCase();
      if (tag === undefined) return "";
      if (KEPT_TAGS.has(tag)) return `<${slash ?? ""}${tag}>`;
      return tag === "br" ? "\n" : "";
    })
    .replace(OVERRIDE, "")
    // What is left of one ('{\an8' unclosed, '{{\a}\b}' joined by removing the inner one) loses its backslashes.
    .replace(/\{\\+/g, "{");
  return joinSplitReferences(flat.split(KEPT_TAG_SPLIT))
    .map((part, i) => (i % 2 === 1 ? part : decodeCueReferences(part).replace(CONTROL, "")))
    .join("");
}

const KEPT_TAG_SPLIT = /(<\/?[biu]>)/;
const MARKUP_ROUNDS = 8;

/** A cue's text made safe for a WebVTT file (see the top of the file); '' when nothing is left to show. */
function cleanCueText(raw: string): string {
  let text = decodeCueReferences(raw).replace(CONTROL, "");
  for (let round = 0; round < MARKUP_ROUNDS; round++) {
    const next = readMarkupOnce(text);
    if (next === text) break;
    text = next;
  }
  // Text that still changes after that many rounds is hostile: it keeps its words, not its '<', '>' and '&'.
  if (readMarkupOnce(text) !== text) text = text.replace(/[<>&]/g, "");
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n");
  // Again: trimming a line can leave a kept tag last after a '&' ('&<b> ' → '&<b>').
  return joinSplitReferences(lines.split(KEPT_TAG_SPLIT))
    .map((part, i) => (i % 2 === 1 ? part : escapeCueText(part)))
    .join("");
}

/**
 * Text parts and the kept tags between them ([text, tag, text, …]) without a tag that splits a
 * reference ('&</i>lt', '&l<b>t;'): a reader that drops tags would join it, so it is read as the
 * untagged text would be (and then written safe) instead of styled.
 */
function joinSplitReferences(parts: string[]): string[] {
  const out = [parts[0]];
  for (let i = 1; i < parts.length; i += 2) {
    const before = out[out.length - 1];
    const after = parts[i + 1];
    if (/&[#a-zA-Z0-9]*$/.test(before) && (after === "" || /^[#a-zA-Z0-9;]/.test(after))) out[out.length - 1] = before + after;
    else out.push(parts[i], after);
  }
  return out;
}

/** '[h:]mm:ss,mmm' or '[h:]mm:ss.mmm': hours of 1–3 digits, when given. */
const TIME = String.raw`(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})[,.](\d{3})`;
/** A timing line; anything after the end time (WebVTT cue settings, SRT coordinates) is dropped. */
const TIMING = new RegExp(String.raw`^${TIME}[ \t]*-->[ \t]*${TIME}(?:[ \t].*)?$`);

/** Milliseconds from a TIMING match's four groups from `at`; null when minutes or seconds are 60 or more. */
function millis(m: RegExpExecArray, at: number): number | null {
  const [h, min, s, ms] = [m[at] ?? "0", m[at + 1], m[at + 2], m[at + 3]].map(Number);
  if (min >= 60 || s >= 60) return null;
  return ((h * 60 + min) * 60 + s) * 1000 + ms;
}

/** Lines between blank lines, with the number of each block's first line (from 1). */
type Block = { line: number; lines: string[] };

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") current = null;
    else if (current) current.lines.push(line);
    else blocks.push((current = { line: i + 1, lines: [line] }));
  });
  return blocks;
}

/**
 * A WebVTT file's blocks after its header ('WEBVTT' and metadata up to the first blank line; a cue
 * that follows the header without a blank line is kept), without NOTE, STYLE and REGION blocks.
 */
function vttBlocks(blocks: Block[]): Block[] {
  const [header, ...rest] = blocks;
  const arrow = header.lines.findIndex((line, i) => i > 0 && line.includes("-->"));
  if (arrow > 0) {
    const from = Math.max(1, arrow - 1);
    rest.unshift({ line: header.line + from, lines: header.lines.slice(from) });
  }
  return rest.filter((b) => !/^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(b.lines[0]));
}

const refuse = (code: CaptionErrorCode, message: string): CaptionParseResult => ({ ok: false, code, message });

/**
 * An uploaded caption file, checked and turned into WebVTT. The format is told from the content: a
 * file whose text starts with 'WEBVTT' is WebVTT, any other SRT (the index line may be missing). A
 * cue is an optional index or identifier line, a timing line, then its text up to a blank line; text
 * after a blank line that is not a new cue (nor, in WebVTT, a NOTE, STYLE or REGION block) still
 * belongs to the cue before: blank lines in a cue's text are collapsed. Cues may overlap and come in any order; they are given sorted by
 * start (cues that start together keep the file's order), without those that have no text left.
 */
export function parseCaptions(bytes: Uint8Array): CaptionParseResult {
  const T = TEXTS.captions;
  if (bytes.byteLength > CAPTION_MAX_BYTES) return refuse("tooLarge", T.tooLarge);
  const text = decodeCaptionBytes(bytes);
  if (looksBinary(text)) return refuse("notText", T.notText);
  return parseCaptionText(text);
}

/** The cues of a caption file's text (line endings already '\n'), cleaned, and the WebVTT of them. */
function parseCaptionText(text: string): CaptionParseResult {
  const T = TEXTS.captions;
  if (text.trim() === "") return refuse("empty", T.empty);
  const isVtt = /^WEBVTT(?:[ \t\n]|$)/.test(text);
  if (!isVtt && !text.includes("-->")) return refuse("notCaptions", T.notCaptions);

  const blocks = isVtt ? vttBlocks(blocksOf(text)) : blocksOf(text);
  const found: { start: number; end: number; lines: string[] }[] = [];
  for (const block of blocks) {
    const { lines } = block;
    const at = lines[0].includes("-->") ? 0 : lines[1]?.includes("-->") ? 1 : -1;
    const previous = found.at(-1);
    if (at < 0) {
      // An index with no time under it, or (in SRT) text before the first cue: a cue without its time.
      if (/^\d+$/.test(lines[0].trim()) || (!previous && !isVtt)) return refuse("badTiming", T.badTiming(found.length + 1, block.line));
      // One at a time: spreading a block of a million lines into push() would overflow the stack.
      for (const l of lines) previous?.lines.push(l);
      continue;
    }
    const cue = found.length + 1;
    if (cue > CAPTION_MAX_CUES) return refuse("tooManyCues", T.tooManyCues);
    const line = block.line + at;
    const m = TIMING.exec(lines[at].trim());
    const start = m && millis(m, 1);
    const end = m && millis(m, 5);
    if (start === null || end === null) return refuse("badTiming", T.badTiming(cue, line));
    if (end <= start) return refuse("endBeforeStart", T.endBeforeStart(cue, line));
    found.push({ start, end, lines: lines.slice(at + 1) });
  }

  const cues = found
    .map((c) => ({ start: c.start / 1000, end: c.end / 1000, text: cleanCueText(c.lines.join("\n")) }))
    .filter((c) => c.text !== "")
    .sort((a, b) => a.start - b.start);
  if (cues.length === 0) return refuse("empty", T.empty);
  return { ok: true, cues, vtt: vttDocument(cues) };
}

/**
 * A stored caption file as it is served: parsed and cleaned again by today's rule, so a file stored
 * before it (cues kept as '&lt;img …&gt;', which players decode into markup) is served
 * safe too; what the converter writes now comes back unchanged. An empty track when nothing is left.
 */
export function cleanStoredVtt(stored: string): string {
  const parsed = parseCaptionText(stored.replace(/^\ufeff/, "").replace(/\r\n?/g, "\n"));
  return parsed.ok ? parsed.vtt : vttDocument([]);
}

/** A WebVTT file of cues, numbered in the order given; their text is cleaned as parseCaptions does (cues with none left out). */
export function cuesToVtt(cues: readonly Cue[]): string {
  return vttDocument(cues.map((c) => ({ ...c, text: cleanCueText(c.text) })).filter((c) => c.text !== ""));
}

/** The label a track gets unless the studio writes its own: the language's name in that language ("Français", "Deutsch"). */
export function captionLabelFor(code: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([code], { type: "language" }).of(code);
  } catch {
    name = undefined;
  }
  const found = name ?? CAPTION_LANGUAGES.find((l) => l.code === code)?.name ?? code;
  return found.charAt(0).toLocaleUpperCase(code) + found.slice(1);
}
