// WebVTT's shared pieces: the timestamp and the file around the cues. Chapters (lib/chapters-vtt.ts)
// and captions (lib/captions.ts) are both written with these. No imports: the public player bundles
// the chapters track.

/** A cue as a WebVTT file holds it: start and end in seconds, the payload already safe to write. */
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

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", nbsp: "\u00a0", lrm: "\u200e", rlm: "\u200f" };

/** A cue's words as plain text: its tags (<b>, <v Name>, <c.x>, inline timestamps) dropped and WebVTT's escapes read. */
export function cuePlainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name])
    .trim();
}
