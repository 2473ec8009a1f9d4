// Cue points (spec §3): a video's cue point is h:m:s, m:s or seconds; a chapter's is 'hh:mm:ss'.

/** Seconds from 'h:m:s', 'm:s' or 's' (each part a whole number ≥ 0; minutes and seconds below 60 when a larger unit is given). Null when malformed. */
export function parseCuePoint(input: string): number | null {
  const text = input.trim();
  if (!/^\d{1,6}(:\d{1,2}){0,2}$/.test(text)) return null;
  const parts = text.split(":").map(Number);
  if (parts.length > 1 && parts.slice(1).some((p) => p >= 60)) return null;
  return parts.reduce((acc, p) => acc * 60 + p, 0);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'hh:mm:ss' from seconds. */
export function formatCuePoint(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
