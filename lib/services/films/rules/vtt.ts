// WebVTT's shared pieces: the timestamp, the file around the cues, and the one rule for a cue's text
// (no markup). Chapters (lib/services/films/rules/chapters-vtt.ts) and captions (lib/services/films/rules/captions.ts) are both written with
// these. No imports: the public player bundles the chapters track.
//
// Why the text rule is what it is: players do not treat a cue's text as WebVTT says. media-captions
// (Vidstack's default layout) decodes its character references ('&lt;' → '<') and writes the result
// with innerHTML, so a cue stored as '&lt;img src=x onerror=…&gt;' became an element and ran. A
// stored cue must therefore make no markup however many times something decodes it. The rule:
// 1. Read every character reference an HTML parser would read as '&', '<', '>', '"' or "'" (named,
//    in either case HTML knows, with or without ';'), and every numeric one, repeatedly, until none
//    is left ('&amp;lt;' and '&l&#116;;' are '<' too); text still holding one after a few rounds
//    loses its '&'s.
// 2. The caller keeps only its own tags (captions: <b>, <i>, <u>, rewritten bare; chapters: none),
//    and reads references again in what is left between them (what it removed may have joined one).
// 3. In what is left, '<' and '>' become the look-alikes '‹' and '›' (U+2039, U+203A): no encoding
//    of '<' survives every reader (a renderer that decodes once turns '&lt;' into a tag), so the
//    character itself is never stored; '-->' (which would end the timing) becomes '→'. '&' is
//    written '&amp;': after step 1 no '&' starts a reference that reads as one of those characters,
//    so decoding once gives '&', and decoding twice gives nothing a parser can make an element of.

/** A cue as a WebVTT file holds it: start and end in seconds, the payload already safe to write. */
/** The content type a WebVTT file (a caption or chapters track) is stored and served with. */
export const VTT_CONTENT_TYPE = "text/vtt; charset=utf-8";

export type VttCue = { start: number; end: number; text: string };

/** 'hh:mm:ss.mmm' from seconds, to the millisecond (negative is 0; hours grow past two digits when they must). */
export function vttTimestamp(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The file: 'WEBVTT', then each cue numbered from 1, a blank line between them. */
export function vttDocument(cues: readonly VttCue[]): string {
  const blocks = cues.map((c, i) => `${i + 1}\n${vttTimestamp(c.start)} --> ${vttTimestamp(c.end)}\n${c.text}`);
  return ["WEBVTT", ...blocks].join("\n\n") + "\n";
}

/** WebVTT's own named references, and every one HTML reads as markup's characters (HTML's table: nvlt and nvgt are '<' and '>' with a mark). */
const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nvlt: "<\u20d2",
  nvgt: ">\u20d2",
  nbsp: "\u00a0",
  lrm: "\u200e",
  rlm: "\u200f",
};
const UPPER = new Set(["AMP", "LT", "GT", "QUOT"]);
/** Those references (with or without ';', as HTML reads them in text) and every numeric one, decimal or hex. */
const REFERENCE = /&(?:#[xX]([\da-fA-F]+)|#(\d+)|(amp|AMP|lt|LT|gt|GT|quot|QUOT|apos|nvlt|nvgt|nbsp|lrm|rlm));?/g;
const DECODE_ROUNDS = 8;

/** A numeric reference's character, as HTML reads it: leading zeros ignored; none, a surrogate or beyond Unicode is U+FFFD. */
function numeric(digits: string, radix: number): string {
  const significant = digits.replace(/^0+/, "");
  const n = significant.length > 8 ? Infinity : Number.parseInt(significant || "0", radix);
  return n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff) ? "\ufffd" : String.fromCodePoint(n);
}

const decodeOnce = (text: string) =>
  text.replace(REFERENCE, (_ref, hex: string | undefined, dec: string | undefined, name: string | undefined) =>
    name !== undefined ? NAMED[UPPER.has(name) ? name.toLowerCase() : name] : hex !== undefined ? numeric(hex, 16) : numeric(dec ?? "", 10),
  );

/** Step 1 of the rule: text with every reference that could become markup read, until none is left (else without its '&'s). */
export function decodeCueReferences(text: string): string {
  let out = text;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const next = decodeOnce(out);
    if (next === out) return out;
    out = next;
  }
  return decodeOnce(out) === out ? out : out.replace(/&/g, "");
}

/**
 * Step 3 of the rule: text (no tags of its own) written so that no decoding makes markup of it. It
 * reads references again first: removing a tag or an override between '&' and 'lt;' joins a new one.
 */
export function escapeCueText(text: string): string {
  return decodeCueReferences(text).replace(/-->/g, "\u2192").replace(/&/g, "&amp;").replace(/</g, "\u2039").replace(/>/g, "\u203a");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f" };

/** A cue's words as plain text: its tags (<b>, <v Name>, <c.x>, inline timestamps) dropped and WebVTT's escapes read. */
export function cuePlainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name])
    .trim();
}
