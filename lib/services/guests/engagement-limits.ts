// What one client can add to a studio's insights through the engagement and download doors
// (docs/security.md, "Engagement figures"). Three rules, each where it can be kept cheaply:
//
// 1. New anonymous viewers (admitViewer, in the database, once per browser and gallery): a browser
//    without a viewer row in the gallery becomes a new viewer only while its client address has
//    made fewer than NEW_VIEWERS_PER_ADDRESS_PER_DAY new viewers of the gallery that UTC day, and the
//    gallery fewer than NEW_VIEWERS_PER_GALLERY_PER_DAY — the view counter's rule, on the same keyed
//    hash of the address and day (lib/services/public/viewer.ts addressOfDay). Beyond the address's cap its
//    reports count as that address's first viewer of the day (a household or an office behind one
//    address is not lost, and a script's swarm is one viewer whose play the clock below bounds);
//    beyond the gallery's cap, with no viewer of its address to count as, they count nothing. The
//    viewer's row is written at once (it is the slot), under a per-gallery advisory lock, so
//    concurrent first reports never pass a cap; the lock, the counts and the insert are one call of
//    a database function (vf_admit_viewer), so the lock is never held across the app's round trips. Guests of personal links are not capped (a gallery
//    has at most 2000). Returning viewers (a row already there) are never refused.
// 2. Play time (takePlay, in this process's memory, per viewer and film): a report adds at most the
//    film's length (and MAX_PLAY_PER_REPORT); after the viewer's first report of the film, at most
//    MAX_PLAYBACK_RATE seconds per second of wall clock since its last one, plus PLAY_GRACE_SECONDS
//    saved up when it claimed less. A token bucket: bursts add nothing, honest 1× and 2× viewers
//    (the player's fastest speed) lose nothing.
// 3. Events (the flush, lib/services/guests/engagement.ts): a download, a share and a cast count once per
//    viewer, film and UTC day (ViewerFilm.downloadDay, …, read under the row lock).
import "@/lib/server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { addressOfDay, DAY_MS, utcDay } from "@/lib/services/public";
import { VIEWS_PER_ADDRESS_PER_DAY } from "@/lib/limits";
import type { Range } from "@/lib/services/guests/rules/engagement";
import { ANONYMOUS } from "@/lib/services/guests/insights";

/** New anonymous viewers one client address may add to a gallery per UTC day (the view counter's cap). */
const NEW_VIEWERS_PER_ADDRESS_PER_DAY = VIEWS_PER_ADDRESS_PER_DAY;
/** New anonymous viewers a gallery takes per UTC day, whatever their addresses: its rows are bounded. */
const NEW_VIEWERS_PER_GALLERY_PER_DAY = 2000;
/** Media seconds per wall-clock second of the player's fastest speed (Vidstack's default layout: 2×). */
const MAX_PLAYBACK_RATE = 2;
/** Seconds of play a viewer may report beyond the wall clock (its reports' jitter), saved up when it claimed less. */
const PLAY_GRACE_SECONDS = 5;
/** The most one report adds (seconds): a report covers ~10 s of playing, longer after a background tab's throttled timers. */
const MAX_PLAY_PER_REPORT = 600;

// ---------------------------------------------------------------------------------------------
// New anonymous viewers

/** How long this process trusts an admission: a browser's heartbeats cost no query within it. */
const ADMISSION_CACHE_MS = 10 * 60_000;
const ADMISSION_CACHE_MAX = 100_000;
/** `day|gallery|viewer` (a browser that is a viewer of its own: from any address), or `…|address` (one counted as another, or as nothing). */
const admissions = new Map<string, { at: number; key: Promise<string | null> }>();

function cached(cacheKey: string, now: number): Promise<string | null> | null {
  const hit = admissions.get(cacheKey);
  return hit && now - hit.at < ADMISSION_CACHE_MS ? hit.key : null;
}

/**
 * The viewer key an anonymous browser's report counts under in the gallery: its own (`viewerKey`,
 * `a:<viewer id>`) when it is a viewer there already or may become one now; else the address's
 * first viewer of the day; else null (count nothing). Concurrent reports of one browser share one query.
 */
export function admitViewer(galleryId: string, viewerKey: string, address: string, now: number): Promise<string | null> {
  const own = `${utcDay(now)}|${galleryId}|${viewerKey}`;
  const fromAddress = `${own}|${address}`;
  const hit = cached(own, now) ?? cached(fromAddress, now);
  if (hit) return hit;
  if (admissions.size >= ADMISSION_CACHE_MAX) admissions.clear();
  const key = admit(galleryId, viewerKey, addressOfDay(address, now), now);
  admissions.set(fromAddress, { at: now, key });
  key.then(
    (k) => k === viewerKey && admissions.set(own, { at: now, key }),
    () => admissions.get(fromAddress)?.key === key && admissions.delete(fromAddress),
  );
  return key;
}

/**
 * One call of vf_admit_viewer (prisma/migrations/20261128000500_admit_viewer): the browser's row if it
 * is there; else, under the gallery's advisory lock, its new row when both caps allow; else the
 * address's first viewer of the day. One round trip, so the lock is held only while the database works.
 */
async function admit(galleryId: string, viewerKey: string, addressKey: string | null, now: number): Promise<string | null> {
  const utc = (ms: number) => Prisma.sql`(to_timestamp(${ms}::float8 / 1000) AT TIME ZONE 'UTC')`;
  const rows = await db.$queryRaw<{ key: string | null }[]>`
    SELECT vf_admit_viewer(${`viewers:${galleryId}`}::text, ${galleryId}::uuid, ${viewerKey}::text, ${ANONYMOUS}::text, ${addressKey}::text,
      ${utc(now)}, ${utc(utcDay(now) * DAY_MS)}, ${NEW_VIEWERS_PER_ADDRESS_PER_DAY}::int, ${NEW_VIEWERS_PER_GALLERY_PER_DAY}::int) AS key`;
  return rows[0]?.key ?? null;
}

// ---------------------------------------------------------------------------------------------
// Play time

type Clock = { credit: number; at: number };
/** Per `gallery|viewer|film`: the seconds of play the viewer may still report, as of `at`. */
const clocks = new Map<string, Clock>();
const CLOCKS_MAX = 200_000;
/** A clock idle this long has its credit back at the most a report may add anyway: forgetting it changes nothing. */
const CLOCK_IDLE_MS = (MAX_PLAY_PER_REPORT / MAX_PLAYBACK_RATE) * 1000;
let lastSweep = 0;

/** Makes room for a new clock: drops idle ones (at most every 10 s); false when there is still none. */
function roomForClock(now: number): boolean {
  if (clocks.size < CLOCKS_MAX) return true;
  if (now - lastSweep < 10_000) return false;
  lastSweep = now;
  for (const [k, c] of clocks) if (now - c.at > CLOCK_IDLE_MS) clocks.delete(k);
  return clocks.size < CLOCKS_MAX;
}

/**
 * The part of a report's ranges (already clamped to the film) that counts: in their order, up to
 * what the viewer's clock for this film allows now, which it then spends. Null when this process
 * keeps too many clocks to start one (the report is dropped, as when the buffer is full).
 */
export function takePlay(clockKey: string, ranges: Range[], duration: number, now: number): Range[] | null {
  const c = clocks.get(clockKey);
  if (!c && !roomForClock(now)) {
    log().warn({ clocks: clocks.size }, "engagement play clocks full: a report was dropped");
    return null;
  }
  const cap = Math.min(duration, MAX_PLAY_PER_REPORT);
  // A first report (or one after a long pause) may carry the film's length; later ones what the wall clock allows.
  const credit = c ? Math.min(cap, c.credit + (Math.max(0, now - c.at) / 1000) * MAX_PLAYBACK_RATE) : cap;
  let budget = credit;
  const out: Range[] = [];
  for (const [s, e] of ranges) {
    if (budget <= 0) break;
    const end = Math.min(e, s + budget);
    out.push([s, end]);
    budget -= end - s;
  }
  // What the report did not use is kept only up to the grace: a first report's allowance is not a reserve.
  clocks.set(clockKey, { credit: Math.min(budget, PLAY_GRACE_SECONDS), at: Math.max(now, c?.at ?? now) });
  return out;
}
