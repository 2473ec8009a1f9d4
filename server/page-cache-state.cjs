// This process's record of page-cache invalidations, ordered by events, not by clocks (a clock
// stepped back must not hide an invalidation). The cache handler (shared-cache-handler.cjs) asks it whether a kept gallery page was
// invalidated since its render began; public-cache.ts tells it what it announced; /api/health reads
// its state.
//
// Why not timestamps: Next's tag manifest says a page is expired when the tag's expiry time is
// later than the page's `lastModified` AND no later than "now" — with the expiry and lastModified
// taken from Date.now() (the wall clock) and "now" from performance.timeOrigin + performance.now()
// (the process's monotonic clock, fixed to the wall clock once, at start). When the host's wall
// clock is stepped forward while the server runs (NTP correcting it, a virtual machine resumed
// after a pause), every expiry lies that far in the monotonic "future": a save reaches no cached
// page until the monotonic clock catches up. A production server that had been up for a while
// showed a locked gallery's films for 15.2 s after the save, on every spelling of its address, as
// HITs (tests/e2e/scale-out.spec.ts steps an instance's clock the same way). Comparing times also
// kept a page whose render read the database before a save and was stored after it.
//
// So: every invalidation this process learns of (a save here, a notice from another instance)
// takes the next number of a counter (a "generation"), per tag; Next looking a page up records the
// generation its render would start from; the page stored is stamped with it; the page is expired
// when its tag was invalidated at a later generation. No clock is read. A gallery page this process
// did not stamp (kept on disk by a previous run, or by another instance sharing the folder; or
// whose stamp was let go) is rendered again on its first use: nothing says what it missed.
"use strict";

const { LRUCache } = require("lru-cache");
const { cacheBus, dropFrontCache } = require("./front-cache.cjs");

/** Pages whose stamps (and pending renders) are remembered; an older one falls back to the recorded times. */
const MAX_PAGES = 100_000;
/** An announcement of this process not heard back by its own listener by then: the listener is deaf. */
const HEARD_WITHIN_MS = 5_000;
/** A step of the wall clock against the monotonic one worth a log line. */
const STEP_WORTH_SAYING_MS = 1_000;

/** The wall clock's lead over the process's monotonic clock, in ms (0 at the process's start, give or take a ms). */
function wallClockLead() {
  return Date.now() - (performance.timeOrigin + performance.now());
}

function state() {
  const bus = cacheBus();
  return (bus.invalidations ??= {
    generation: 0,
    /** Pages stamped before this generation are all expired (set when notices may have been missed). */
    floor: 0,
    /** tag → the generation of its latest invalidation. */
    tags: new Map(),
    /** cache key → the generation its pending render started from. */
    starts: new LRUCache({ max: MAX_PAGES }),
    /** cache key → the generation the kept page's render started from. */
    stamps: new LRUCache({ max: MAX_PAGES }),
    /** The payloads this process announced and has not heard back yet → when (monotonic ms). */
    unheard: new Map(),
    applied: 0,
    lastAppliedAt: null,
    /** The clock step last said in a log line. */
    saidStep: 0,
  });
}

/**
 * These tags' pages were invalidated now: later than every render that has begun. Drops their
 * front-cache entries.
 * @param {unknown[]} tags
 */
function invalidate(tags) {
  const list = tags.filter((tag) => typeof tag === "string");
  if (list.length === 0) return;
  const s = state();
  dropFrontCache(list);
  s.generation += 1;
  for (const tag of list) s.tags.set(tag, s.generation);
  s.applied += list.length;
  s.lastAppliedAt = Date.now();
}

/** Notices may have been missed (the listener was starting, or down): every page kept so far is expired, and the front cache emptied. */
function invalidateAll() {
  const s = state();
  s.generation += 1;
  s.floor = s.generation;
  dropFrontCache();
}

/**
 * Next looks a page up: a render that follows reads the database from now on, so the page it
 * stores is as new as this generation. A pending start is kept (a slower render begun earlier may
 * still be the one that stores), unless the page's tag was invalidated since it was taken.
 * @param {string} key
 * @param {string} tag
 */
function lookedUp(key, tag) {
  const s = state();
  const start = s.starts.get(key);
  if (start === undefined || start < s.floor || (s.tags.get(tag) ?? 0) > start) s.starts.set(key, s.generation);
}

/** Next stores a page: it is stamped with the generation its render started from. */
function stored(key) {
  const s = state();
  const start = s.starts.get(key);
  s.starts.delete(key);
  s.stamps.set(key, start ?? s.generation);
}

/**
 * Whether the page kept under `key` (tag `tag`) was invalidated after its render began, or was not
 * rendered by this process at all (then nothing says what it missed: it is rendered again).
 * @param {string} key
 * @param {string} tag
 */
function invalidatedSince(key, tag) {
  const s = state();
  const stamp = s.stamps.get(key);
  return stamp === undefined || stamp < s.floor || (s.tags.get(tag) ?? 0) > stamp;
}

/** public-cache.ts announced this payload on the channel: this process's listener should hear it back. */
function announced(payload) {
  const s = state();
  if (!cacheBus().listening || s.unheard.has(payload)) return;
  s.unheard.set(payload, performance.now());
}

/** The listener heard this payload. */
function heard(payload) {
  state().unheard.delete(payload);
}

/** The oldest announcement not heard back, in ms (0 when none). */
function oldestUnheardMs() {
  const now = performance.now();
  let oldest = 0;
  for (const at of state().unheard.values()) oldest = Math.max(oldest, now - at);
  return oldest;
}

/** Forgets what was announced (the listener is starting over: it catches up from the table). */
function forgetUnheard() {
  state().unheard.clear();
}

/**
 * How the wall clock moved against the monotonic one since this process started (ms, rounded);
 * `onStep` is called once per new step of a second or more, with it.
 * @param {(stepMs: number) => void} [onStep]
 */
function clockStep(onStep) {
  const s = state();
  const step = Math.round(wallClockLead());
  if (onStep && Math.abs(step - s.saidStep) >= STEP_WORTH_SAYING_MS) {
    s.saidStep = step;
    onStep(step);
  }
  return step;
}

/**
 * What /api/health says of the page cache: whether saves reach the cached pages now. `ok` is false
 * while the shared listener is down or deaf (this instance then serves no cached page at all, so
 * nothing stale is served, only slower). `listening` is null in a process whose page cache does
 * not listen (no cache handler started: the worker, the tests, SHARED_CACHE=false).
 */
function pageCacheHealth() {
  const s = state();
  const bus = cacheBus();
  const unheardMs = Math.round(oldestUnheardMs());
  return {
    ok: !bus.started || (bus.listening && unheardMs < HEARD_WITHIN_MS),
    listening: bus.started ? bus.listening : null,
    invalidationsApplied: s.applied,
    lastAppliedAt: s.lastAppliedAt === null ? null : new Date(s.lastAppliedAt).toISOString(),
    oldestUnheardMs: unheardMs,
    clockStepMs: clockStep(),
  };
}

module.exports = {
  HEARD_WITHIN_MS,
  invalidate,
  invalidateAll,
  lookedUp,
  stored,
  invalidatedSince,
  announced,
  heard,
  oldestUnheardMs,
  forgetUnheard,
  clockStep,
  pageCacheHealth,
};
