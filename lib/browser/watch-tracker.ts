// The viewer's player notes which seconds of a film were actually played (from the media's own
// clock, never wall time) and reports them: every ~10 s while playing, and on pause, end, a change
// of film and leaving the page (the theater wires it; the editor's preview never does). A jump of
// the playhead (a seek, a chapter link) closes the range being played and starts another. Browser
// code, loaded with the player only, as is the count of views.
import { isId } from "@/lib/ids";
import { PUBLIC_ENGAGEMENT_PATH, PUBLIC_VIEWS_PATH, publicPath } from "@/lib/contract/paths";

type Range = [number, number];

/**
 * Counts a view of a video (the theater calls it on first play; never in the studio's preview). The server
 * counts each viewer once per video and ignores bots. Resolves to whether this call counted.
 */
export async function recordView(slugOrGalleryId: string, videoId: string): Promise<boolean> {
  try {
    const res = await fetch(publicPath(PUBLIC_VIEWS_PATH), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(isId(slugOrGalleryId) ? { galleryId: slugOrGalleryId, videoId } : { slug: slugOrGalleryId, videoId }),
      credentials: "same-origin",
      keepalive: true,
    });
    return res.ok && ((await res.json()) as { counted?: boolean }).counted === true;
  } catch {
    return false; // a lost view count must never disturb playback
  }
}

/**
 * Tells the studio what this viewer played of a film (ranges of seconds), or that it shared or cast
 * it (docs/api.md, "Engagement"). A beacon when the browser has one (it survives leaving the page),
 * else a keepalive request; never in the studio's preview. A lost report must never disturb anything.
 * Here, not in lib/browser/public-client.ts: the gallery page's first load stays without it.
 */
export function reportEngagement(gallery: string, videoId: string, report: { ranges?: Range[]; event?: "share" | "cast" }): void {
  const body = JSON.stringify({ gallery, videoId, ...report });
  try {
    if (navigator.sendBeacon?.(publicPath(PUBLIC_ENGAGEMENT_PATH), new Blob([body], { type: "application/json" }))) return;
    void fetch(publicPath(PUBLIC_ENGAGEMENT_PATH), { method: "POST", headers: { "content-type": "application/json" }, body, credentials: "same-origin", keepalive: true }).catch(() => {});
  } catch {}
}
type Send = (videoId: string, ranges: Range[]) => void;

/** A step of the playhead beyond this (seconds, between two time updates ~250 ms apart, up to 4× speed) is a jump. */
const MAX_STEP = 1.5;
/** The door takes at most this many ranges per report. */
const MAX_RANGES = 60;
/** How often a playing film reports. */
export const REPORT_EVERY_MS = 10_000;

const round = (s: number) => Math.round(s * 100) / 100;

export class WatchTracker {
  private videoId: string | null = null;
  /** The range being played: [start, last time seen]. */
  private open: Range | null = null;
  private pending: Range[] = [];

  constructor(private readonly send: Send) {}

  /** A time update of the film `videoId` at `t` seconds; `playing`: not paused (a paused seek plays nothing). */
  time(videoId: string, t: number, playing: boolean): void {
    if (!Number.isFinite(t) || t < 0) return;
    if (videoId !== this.videoId) {
      this.report();
      this.videoId = videoId;
    }
    if (!playing) return this.close();
    const o = this.open;
    if (o && t >= o[1] && t - o[1] <= MAX_STEP) o[1] = t;
    else {
      this.close();
      this.open = [t, t];
    }
  }

  /** The film paused, ended or lost its source: what was being played is done; report it. */
  pause(): void {
    this.report();
  }

  /** Sends what was played since the last report (the range being played continues from where it was cut). */
  report(): void {
    const o = this.open;
    this.close();
    if (o) this.open = [o[1], o[1]];
    const ranges = this.pending.map(([s, e]): Range => [round(s), round(e)]).filter(([s, e]) => s < e);
    this.pending = [];
    if (!this.videoId || ranges.length === 0) return;
    for (let i = 0; i < ranges.length; i += MAX_RANGES) this.send(this.videoId, ranges.slice(i, i + MAX_RANGES));
  }

  private close(): void {
    const o = this.open;
    this.open = null;
    if (o && o[1] > o[0]) this.pending.push(o);
  }
}
