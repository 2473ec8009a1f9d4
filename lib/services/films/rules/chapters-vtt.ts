// A video's chapters as a WebVTT chapters track (players draw them as timeline markers and a menu).
// A title is plain text written by the rule of lib/services/films/rules/vtt.ts: references read, no tag kept,
// '<' and '>' as look-alikes, so no player's decoding can make markup of it.
import { decodeCueReferences, escapeCueText, vttDocument } from "@/lib/services/films/rules/vtt";

type Chapter = { title: string; seconds: number };

/** A title as a cue payload: one line, no markup, no cue separator. */
const cueText = (text: string) => escapeCueText(decodeCueReferences(text).replace(/[\r\n]+/g, " "));

/**
 * Each chapter runs until the next one starts; the last until the end of the video (or an hour
 * later while the length is unknown). Chapters at or beyond the end are left out.
 */
export function chaptersVtt(chapters: Chapter[], durationSec: number | null): string {
  const sorted = [...chapters].sort((a, b) => a.seconds - b.seconds).filter((c) => durationSec === null || c.seconds < durationSec);
  return vttDocument(sorted.map((c, i) => ({ start: c.seconds, end: sorted[i + 1]?.seconds ?? durationSec ?? c.seconds + 3600, text: cueText(c.title) })));
}
