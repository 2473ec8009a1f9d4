// The studio's insights (who watched what): what the API answers (GET /api/galleries/gallery/:id/insights)
// and the pure arithmetic both sides use on it — a viewer's share of a film, a heat strip read as
// "times watched", its plain-words summary. No I/O.
import { HEAT_BUCKETS } from "@/lib/services/guests/rules/engagement";
import { TEXTS } from "@/lib/texts";

/** The viewers' list order: the last seen first, or by name (invitees A–Z, then Guest 1, 2, …). */
export const INSIGHTS_SORTS = ["recent", "name"] as const;
export type InsightsSort = (typeof INSIGHTS_SORTS)[number];
export const INSIGHTS_PAGE_SIZE = 25;
export const INSIGHTS_PAGE_SIZE_MAX = 100;

/** The answer's types are the contract's (lib/contract/guests.ts), derived from its shapes. */
export type { FilmInsight, GalleryInsights, ViewerInsight } from "@/lib/contract/guests";

/** The share of a film a viewer watched, 0–100, one decimal (unique seconds over the film's length). */
export function watchedPercent(watchedSeconds: number, durationSec: number | null | undefined): number {
  if (!durationSec || durationSec <= 0 || !(watchedSeconds > 0)) return 0;
  return Math.min(100, Math.round((watchedSeconds / durationSec) * 1000) / 10);
}

/** A percentage in words ("92 %"); a little more than nothing is "<1 %", not "0 %". */
export function percentText(percent: number): string {
  if (percent > 0 && percent < 1) return "<1 %";
  return `${Math.round(percent)} %`;
}

/** "Guest 3": an anonymous viewer's name. */
const guestName = (n: number) => `Guest ${n}`;

/** A viewer's name as the studio sees it: the invitee's, else "Guest n", else a guest whose link was removed. */
export const viewerName = (row: { inviteName: string | null; guest: number | null }) => row.inviteName ?? (row.guest ? guestName(row.guest) : TEXTS.insights.removedGuest);

/**
 * The heat strip as "times watched" per part: the seconds played in a part over the part's length
 * (duration / HEAT_BUCKETS). 1 = every second of that part was played once (by someone).
 */
export function timesWatched(heat: readonly number[], durationSec: number | null): number[] {
  if (!durationSec || durationSec <= 0 || heat.length === 0) return [];
  const width = durationSec / HEAT_BUCKETS;
  return Array.from({ length: HEAT_BUCKETS }, (_, i) => Math.round(((heat[i] ?? 0) / width) * 100) / 100);
}

export type HeatSummary = {
  /** The share of the film that anyone played, 0–100 (parts with any play). */
  coveredPercent: number;
  /** The most watched part (its start and end in seconds, and times watched), null when nothing was played. */
  peak: { startSec: number; endSec: number; times: number } | null;
};

/** What the strip shows, in numbers a screen reader can say. */
export function heatSummary(heat: readonly number[], durationSec: number | null): HeatSummary {
  const times = timesWatched(heat, durationSec);
  if (!durationSec || times.every((t) => t <= 0)) return { coveredPercent: 0, peak: null };
  const covered = times.filter((t) => t > 0).length;
  let best = 0;
  for (let i = 1; i < times.length; i++) if (times[i] > times[best]) best = i;
  // The peak stretch: the neighbouring parts as hot as the best one (within 10 %), so a re-watched
  // scene reads as one span rather than its hottest hundredth.
  let lo = best;
  let hi = best;
  while (lo > 0 && times[lo - 1] >= times[best] * 0.9) lo--;
  while (hi < times.length - 1 && times[hi + 1] >= times[best] * 0.9) hi++;
  const width = durationSec / HEAT_BUCKETS;
  return { coveredPercent: Math.round((covered / HEAT_BUCKETS) * 100), peak: { startSec: lo * width, endSec: (hi + 1) * width, times: times[best] } };
}

/** "1:05", "1:02:05": a position or a length in a film. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** "2 h 05 min", "12 min", "45 s": a total time watched. */
export function watchTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}
