// A video's chapters as a WebVTT chapters track (players draw them as timeline markers and a menu).
import { vttDocument } from "@/lib/vtt";

type Chapter = { title: string; seconds: number };

/** Text made safe for a cue payload: no markup, no line breaks, no cue separators. */
const cueText = (text: string) =>
  text
    .replace(/[\r\n]+/g, " ")
    .replace(/-->/g, "→")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/**
 * Each chapter runs until the next one starts; the last until the end of the video (or an hour
 * later while the length is unknown). Chapters at or beyond the end are left out.
 */
export function chaptersVtt(chapters: Chapter[], durationSec: number | null): string {
  const sorted = [...chapters].sort((a, b) => a.seconds - b.seconds).filter((c) => durationSec === null || c.seconds < durationSec);
  return vttDocument(sorted.map((c, i) => ({ start: c.seconds, end: sorted[i + 1]?.seconds ?? durationSec ?? c.seconds + 3600, text: cueText(c.title) })));
}
