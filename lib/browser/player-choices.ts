// What a guest chose in the player — captions (a language, or off), quality, volume — carried to the
// next film of the gallery, and where a film starts: its captions in the viewer's
// language when it has them, the studio's default second; hls.js at the rung that fits the player and
// the bandwidth measured so far. Kept for the tab's session (sessionStorage), per gallery page.
import type { PlayerCaption } from "@/lib/contract/films";

export type PlayerChoices = {
  /** The captions' language the guest chose, or null for Off; absent when the guest never chose. */
  captions?: string | null;
  /** The picture height the guest chose, or null for Auto; absent when never chosen. */
  quality?: number | null;
  volume?: number;
  muted?: boolean;
};

const primary = (language: string) => language.toLowerCase().split("-")[0];

/**
 * The film's captions with the one to show first marked default: the guest's own choice in this
 * gallery (Off stays off; a language the film lacks falls through), else the track in the viewer's
 * language, else the studio's default; none when none applies.
 */
export function captionsFor(captions: PlayerCaption[], lang: string, chosen?: string | null): PlayerCaption[] {
  if (captions.length === 0) return captions;
  const inLanguage = (l: string) => captions.find((c) => primary(c.language) === primary(l))?.src;
  let show: string | null | undefined = chosen === null ? null : chosen ? inLanguage(chosen) : undefined;
  if (show === undefined) show = inLanguage(lang) ?? captions.find((c) => c.isDefault)?.src ?? null;
  return captions.map((c) => (c.isDefault === (c.src === show) ? c : { ...c, isDefault: c.src === show }));
}

const storeKey = (scope: string) => `vf:player:${scope}`;

/** The guest's choices so far in this gallery (`scope`: its page's path). */
export function readChoices(scope: string): PlayerChoices {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storeKey(scope)) ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const c = parsed as Record<string, unknown>;
    const out: PlayerChoices = {};
    if (c.captions === null || typeof c.captions === "string") out.captions = c.captions as string | null;
    if (c.quality === null || (typeof c.quality === "number" && Number.isFinite(c.quality))) out.quality = c.quality as number | null;
    if (typeof c.volume === "number" && c.volume >= 0 && c.volume <= 1) out.volume = c.volume;
    if (typeof c.muted === "boolean") out.muted = c.muted;
    return out;
  } catch {
    return {};
  }
}

/** Adds to the guest's choices in this gallery (a private window or a full store keeps them for the page only). */
export function saveChoices(scope: string, change: PlayerChoices): PlayerChoices {
  const next = { ...readChoices(scope), ...change };
  try {
    sessionStorage.setItem(storeKey(scope), JSON.stringify(next));
  } catch {}
  return next;
}

const BANDWIDTH_KEY = "vf:bandwidth";
/** What hls.js assumes before it has measured anything when nothing is known (its own default, 500 kbit/s, starts a desktop at 360p). */
export const DEFAULT_START_BPS = 5_000_000;

/**
 * hls.js's start: never a rung above the player's size on screen, and the first rung chosen from
 * the bandwidth measured on an earlier film of this session, else the browser's estimate of its
 * connection (Network Information API, in Mbit/s), else DEFAULT_START_BPS.
 */
export function hlsStartConfig(): { capLevelToPlayerSize: boolean; startLevel: number; testBandwidth: boolean; abrEwmaDefaultEstimate: number } {
  // testBandwidth off: hls.js would otherwise load the lowest rung's first segment to measure the
  // line, whatever the estimate, and start every film at 360p.
  return { capLevelToPlayerSize: true, startLevel: -1, testBandwidth: false, abrEwmaDefaultEstimate: startEstimate() };
}

function startEstimate(): number {
  try {
    const saved = Number(sessionStorage.getItem(BANDWIDTH_KEY));
    if (saved > 0) return saved;
  } catch {}
  const downlink = (globalThis.navigator as (Navigator & { connection?: { downlink?: number } }) | undefined)?.connection?.downlink;
  return typeof downlink === "number" && downlink > 0 ? downlink * 1_000_000 : DEFAULT_START_BPS;
}

/** The bandwidth hls.js measured while a film played, for the next film's start. */
export function rememberBandwidth(bps: number): void {
  if (!(bps > 0) || !Number.isFinite(bps)) return;
  try {
    sessionStorage.setItem(BANDWIDTH_KEY, String(Math.round(bps)));
  } catch {}
}
