// The watermark of a preview ladder (Paid delivery) as ffmpeg filters: the studio's text or logo,
// burned into the picture once, before it is split to the rungs (lib/media/ladder.ts encodeLadder).
// Pure: the graph's text only; the files it names (the text, the font, the logo) are the caller's.
//
// The text is a studio's own string: it never enters the filter graph. drawtext reads it from a file
// (`textfile`) with `expansion=none`, so quotes, colons, commas, brackets, backslashes and `%{…}`
// are drawn as they are. Everything else written into the graph (file paths, expressions) goes
// through filterValue, ffmpeg's two levels of escaping.
import { WATERMARK_TEXT_MAX, type WatermarkPosition } from "@/lib/services/money/rules/watermark";

/** The watermark as ffmpeg burns it: the logo when there is one (a local PNG or JPEG file), else the text. */
export type BurnIn = { text: string; logoFile: string | null; position: WatermarkPosition; opacity: number };

/** The picture the mark is burned into: the source scaled to the ladder's top rung (lib/media/ladder.ts rungSize). */
export type Frame = { width: number; height: number };

/** Where the files the graph names are. */
export type MarkFiles = { textFile: string; fontFile: string };

/** Characters special to one level of ffmpeg's parsing (av_get_token's terminators), besides `\`, `'` and white space. */
const OPTION_LEVEL = ":";
const GRAPH_LEVEL = "[],;";

const escapeLevel = (s: string, specials: string) => [...s].map((c) => (c === "\\" || c === "'" || /\s/.test(c) || specials.includes(c) ? `\\${c}` : c)).join("");

/**
 * A value as one filter option's, in a filter graph: escaped for the options' parser (`:` between
 * options) and then for the graph's (`[`, `]`, `,`, `;` between filters), each level's backslash and
 * quote and white space too (ffmpeg-filters, "Notes on filtergraph escaping"). Whatever it holds,
 * the filter receives exactly `value`, and no other option or filter.
 */
export const filterValue = (value: string): string => escapeLevel(escapeLevel(value, OPTION_LEVEL), GRAPH_LEVEL);

/** What the text file holds: one line (control characters and line breaks as spaces), at most WATERMARK_TEXT_MAX characters. */
export function markText(text: string): string {
  const line = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...line].slice(0, WATERMARK_TEXT_MAX).join("");
}

/** The margin from the frame's edges: 4 % of its height, on every side. */
const margin = (f: Frame) => Math.max(2, Math.round(f.height * 0.04));

/**
 * The band at the frame's foot that a player's control bar covers (its timeline, buttons and
 * gradient: ~15 % of the height on a phone and in the theater): a bottom mark stays above it, so the
 * controls never hide it and it never hides them.
 */
const SAFE_BOTTOM = 0.15;
const bottomInset = (f: Frame) => Math.max(margin(f), Math.round(f.height * SAFE_BOTTOM));

/** x and y of a mark of size (mw, mh) in a frame (fw, fh), as ffmpeg expressions of the filter's own variables. */
function place(position: WatermarkPosition, f: Frame, v: { fw: string; fh: string; mw: string; mh: string }): { x: string; y: string } {
  const centred = { x: `(${v.fw}-${v.mw})/2`, y: `(${v.fh}-${v.mh})/2` };
  if (position === "center") return centred;
  const m = margin(f);
  const [vertical, horizontal] = position.split("-");
  return { x: horizontal === "left" ? String(m) : `${v.fw}-${v.mw}-${m}`, y: vertical === "top" ? String(m) : `${v.fh}-${v.mh}-${bottomInset(f)}` };
}

/** Glyphs' mean advance, in ems, of the bundled font (Geist): enough to keep a long text inside the frame. */
const EM_PER_CHAR = 0.6;

/** The text's size in pixels: 1/12 of the frame's height in the centre, 1/20 in a corner, smaller when the text would not fit across. */
export function textSize(text: string, position: WatermarkPosition, f: Frame): number {
  const centre = position === "center";
  const byHeight = f.height / (centre ? 12 : 20);
  const across = (f.width * (centre ? 0.9 : 0.45)) / (Math.max(1, [...text].length) * EM_PER_CHAR);
  return Math.max(8, Math.floor(Math.min(byHeight, across)));
}

const alpha = (opacity: number) => (Math.min(100, Math.max(0, opacity)) / 100).toFixed(2);

/**
 * The filters that scale the source to `frame` (the top rung) and burn the mark into it: from
 * `[0:v:0]` (with a logo, also `[1:v:0]`: the caller adds it as the second input) to `[marked]`.
 * Text: white, a thin dark border (it reads on light and dark pictures), the opacity as drawtext's
 * `alpha`. Logo: scaled to 1/5 of the frame's width (at most 1/4 of its height), its alpha channel
 * scaled by the opacity, laid over the picture.
 */
export function markGraph(burn: BurnIn, frame: Frame, files: MarkFiles): string {
  const base = `[0:v:0]scale=${frame.width}:${frame.height},format=yuv420p`;
  if (burn.logoFile) {
    const maxW = Math.max(2, Math.round(frame.width / 5));
    const maxH = Math.max(2, Math.round(frame.height / 4));
    const width = filterValue(`2*trunc(min(${maxW},iw*${maxH}/ih)/2)`);
    const at = place(burn.position, frame, { fw: "W", fh: "H", mw: "w", mh: "h" });
    return [
      `[1:v:0]format=rgba,scale=w=${width}:h=-2,colorchannelmixer=aa=${alpha(burn.opacity)}[mark]`,
      `${base}[picture]`,
      `[picture][mark]overlay=x=${filterValue(at.x)}:y=${filterValue(at.y)}:format=yuv420:eof_action=repeat[marked]`,
    ].join(";");
  }
  const size = textSize(markText(burn.text), burn.position, frame);
  const at = place(burn.position, frame, { fw: "w", fh: "h", mw: "tw", mh: "th" });
  const options = [
    `fontfile=${filterValue(files.fontFile)}`,
    `textfile=${filterValue(files.textFile)}`,
    "expansion=none",
    `fontsize=${size}`,
    "fontcolor=white",
    `borderw=${Math.max(1, Math.round(size / 24))}`,
    "bordercolor=black@0.6",
    `alpha=${alpha(burn.opacity)}`,
    `x=${filterValue(at.x)}`,
    `y=${filterValue(at.y)}`,
  ];
  return `${base},drawtext=${options.join(":")}[marked]`;
}
