// A video's chapters as a WebVTT chapters track (players draw them as timeline markers and a menu).

type Chapter = { title: string; seconds: number };

const stamp = (seconds: number) => {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

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
  const cues = sorted.map((c, i) => {
    const end = sorted[i + 1]?.seconds ?? durationSec ?? c.seconds + 3600;
    return `${i + 1}\n${stamp(c.seconds)} --> ${stamp(end)}\n${cueText(c.title)}`;
  });
  return ["WEBVTT", ...cues].join("\n\n") + "\n";
}
