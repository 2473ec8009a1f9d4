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

/** The chapter time inputs (spec §5): whole numbers from 0 to 60 each. */
export const TIME_PART_MAX = 60;

/** A time input's value kept within 0–60 (anything not a number is 0). */
export function clampTimePart(value: number | string): number {
  const n = typeof value === "number" ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(TIME_PART_MAX, Math.max(0, Math.floor(n)));
}

/** A time part as the inputs show it: left-padded to two digits. */
export const padTimePart = (n: number): string => String(clampTimePart(n)).padStart(2, "0");

/** Seconds from hours, minutes and seconds as the three inputs hold them (each 0–60). */
export const secondsFromParts = (h: number, m: number, s: number): number => clampTimePart(h) * 3600 + clampTimePart(m) * 60 + clampTimePart(s);

/** Hours, minutes and seconds of a time, for the three inputs. */
export function partsFromSeconds(totalSeconds: number): [number, number, number] {
  const s = Math.max(0, Math.floor(totalSeconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
}

/**
 * A chapter's start in seconds: 'hh:mm:ss' whose parts are 0–60 as the inputs allow (so
 * '00:00:60' is one minute), or any cue point form (h:m:s, m:s, seconds). Null when malformed.
 */
export function parseChapterCue(input: string): number | null {
  const text = input.trim();
  const hms = /^(\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(text);
  if (hms) {
    const [h, m, s] = hms.slice(1).map(Number);
    if ([h, m, s].some((p) => p > TIME_PART_MAX)) return null;
    return h * 3600 + m * 60 + s;
  }
  return parseCuePoint(text);
}
