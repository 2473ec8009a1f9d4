// The page cache for several app instances (next.config.ts `cacheHandler`). Next.js keeps cached
// pages per process (memory, then `.next` on disk) and, by default, their invalidations too: a
// studio saving on instance A would leave instance B serving the old gallery. This handler keeps
// Next's own file-system cache for the pages (each instance renders and keeps its own copies: no
// network hop on a cache hit) and shares the invalidations through PostgreSQL:
//
// - lib/services/public/public-cache.ts records each invalidated tag in the "CacheInvalidation" table and
//   announces it on the CACHE_CHANNEL channel (NOTIFY, constants.cjs), in the same statement, before the save's
//   answer goes out; the worker does the same when a video becomes ready.
// - Every instance LISTENs on that channel and expires the tags' pages (page-cache-state.cjs), as
//   a local revalidatePath does; the next request for such a page renders it afresh.
// - On start and after any lost connection, an instance expires every page it kept (it may have
//   missed notices). While it is not listening it serves no cached page at all (each request
//   renders), so a page is never stale because a notification was missed.
//
// It also keeps a page to its own life: a Pages Router page whose props carry `validUntil` (the
// public gallery: the instant it expires, or its signed media would have too little life left;
// lib/services/public/public-page.ts) is never served past it, not even once stale while Next renders it
// again, and its cache life as Next sends it (s-maxage) never runs past it either.
//
// Every invalidation also drops the production server's front-cache entries of those tags
// (front-cache.cjs); listening again after a lost connection empties it.
//
// Whether a kept page was invalidated is decided by the order of events, never by comparing
// clocks (page-cache-state.cjs says why: a stepped wall clock delayed every save by the step).
// The listener is also checked: an announcement of this process that its own listener has not
// heard back within 5 s means the connection is deaf (open, but not delivering): it is dropped and
// made again, and the log says so. A step of the wall clock is logged too; /api/health shows both.
//
// Plain CommonJS: Next.js loads this file at run time, outside its bundles (next.config.ts
// `cacheHandler`). The Next internals it relies on are guarded by tests/unit/next-internals.test.ts.
"use strict";

const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache").default;
const { Client } = require("pg");
const { CACHE_CHANNEL, pageSecondsLeft, pathTag, serverSettings } = require("./constants.cjs");
const { unlocalizedPath } = require("../lib/viewer-i18n/language.cjs");

const RETRY_MS = [500, 1000, 2000, 5000, 10000];

const { cacheBus } = require("./front-cache.cjs");
const state = require("./page-cache-state.cjs");

/** One listener per process, whatever the number of handler objects Next makes (one per request). */
const bus = cacheBus();

function sharedMode() {
  return serverSettings().sharedCache;
}

function log(level, msg, extra) {
  const line = { level, time: new Date().toISOString(), service: serverSettings().service, pid: process.pid, msg, ...extra };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

function scheduleReconnect() {
  const delay = RETRY_MS[Math.min(bus.failures, RETRY_MS.length - 1)];
  bus.failures += 1;
  setTimeout(connect, delay).unref();
}

function lost(client, error) {
  if (bus.client !== client) return;
  bus.client = null;
  if (bus.listening) log("warn", "page-cache invalidation listener lost; serving uncached pages until it is back", { reason: error && error.message });
  bus.listening = false;
  state.forgetUnheard();
  client.end().catch(() => {});
  scheduleReconnect();
}

async function connect() {
  const client = new Client({ connectionString: serverSettings().databaseUrl, connectionTimeoutMillis: 10000, keepAlive: true, application_name: "vidfolio-cache-listener" });
  bus.client = client;
  client.on("error", (e) => lost(client, e));
  client.on("end", () => lost(client));
  client.on("notification", (msg) => {
    if (msg.channel !== CACHE_CHANNEL || !msg.payload) return;
    state.heard(msg.payload);
    try {
      const tags = JSON.parse(msg.payload);
      if (Array.isArray(tags)) state.invalidate(tags);
    } catch {
      // not ours
    }
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CACHE_CHANNEL}`);
    if (bus.client !== client) return;
    // Listening from here on. Notices may have been missed before: nothing kept so far is trusted,
    // in Next's cache or the front cache (every page renders again on its next request).
    state.invalidateAll();
    bus.listening = true;
    if (bus.failures > 0) log("info", "page-cache invalidation listener back");
    bus.failures = 0;
  } catch (error) {
    lost(client, error);
  }
}

/** Every second: a deaf listener is made again; a step of the wall clock is said. */
function watch() {
  state.clockStep((stepMs) => log("warn", "the wall clock moved against this process's monotonic clock; page invalidations are ordered without clocks", { clockStepMs: stepMs }));
  const unheardMs = state.oldestUnheardMs();
  if (bus.client && bus.listening && unheardMs > state.HEARD_WITHIN_MS) {
    log("warn", "page-cache invalidations are not being applied: this instance's listener did not hear its own announcement; reconnecting", { unheardMs: Math.round(unheardMs) });
    lost(bus.client, new Error("listener deaf"));
  }
}

function start() {
  if (bus.started || !sharedMode()) return;
  bus.started = true;
  setInterval(watch, 1000).unref();
  connect();
}

/** A page's own limit: its props' `validUntil` (ms), or null. */
function validUntilOf(data) {
  const props = data && data.value && data.value.kind === "PAGES" && data.value.pageData && data.value.pageData.pageProps;
  return props && typeof props.validUntil === "number" ? props.validUntil : null;
}

/** The default cache life of a page whose entry does not say (read back from disk). */
const PAGE_REVALIDATE = 60;

/**
 * A cached page as Next may use it now: null once less than a second of its own life is left (a
 * blocking render follows: never the stale page), else with a cache life that ends by then. Next
 * sends that life as s-maxage, with no stale-while-revalidate, and takes the page for stale (to
 * render again in the background) once it is over.
 */
function withinLife(data, now = Date.now()) {
  const until = validUntilOf(data);
  if (until === null) return data;
  const left = pageSecondsLeft(until, now);
  if (left < 1) return null;
  const stored = data.cacheControl && typeof data.cacheControl.revalidate === "number" ? data.cacheControl.revalidate : PAGE_REVALIDATE;
  return { ...data, cacheControl: { revalidate: Math.max(1, Math.min(stored, left)), expire: undefined } };
}

/**
 * A Pages Router page's public path from its cache key (`/route-cache/PAGES/<build hash>/$/v/a-fr/g/emma`
 * → `/g/emma`): every language's page of a gallery has its public path's tag (lib/viewer-i18n/language.cjs).
 */
function pagePath(key) {
  const at = key.indexOf("/$/");
  const path = at >= 0 ? key.slice(at + 2) : key;
  return unlocalizedPath(path === "/index" ? "/" : path);
}

/** Whether Next is looking up (or storing) a Pages Router page. */
const isPagesLookup = (ctx) => Boolean(ctx && ctx.kind === "PAGES");

/** Whether a page path is a public gallery page or a studio's domain home: the pages saves expire. */
const isGalleryPage = (path) => path.startsWith("/g/") || path.startsWith("/d/");

/**
 * Whether a Pages Router entry was invalidated since its render began (or was not rendered here). Next checks a page's tags only for
 * App Router pages; the public gallery is a Pages Router page (pages/v/[lang]/…), cached under its
 * path (each language under its public path's tag): expired by revalidatePath(path) all the same.
 * So is a kept `notFound` (its value is null): a gallery named since answers at once, not a
 * revalidate later.
 */
function pageExpired(key, ctx, data) {
  if (!data || typeof key !== "string") return false;
  const isPage = data.value ? data.value.kind === "PAGES" : isPagesLookup(ctx);
  if (!isPage) return false;
  const path = pagePath(key);
  return isGalleryPage(path) && state.invalidatedSince(key, pathTag(path));
}

class SharedCacheHandler extends FileSystemCache {
  constructor(ctx) {
    super(ctx);
    start();
  }

  async get(...args) {
    const [key, ctx] = args;
    // A render may follow this look-up: the page it stores is as new as this moment's invalidations.
    if (typeof key === "string" && isPagesLookup(ctx)) state.lookedUp(key, pathTag(pagePath(key)));
    // Not listening (starting, or the database connection was lost): a cached page might have
    // been invalidated elsewhere meanwhile, so none is served.
    if (sharedMode() && !bus.listening) return null;
    const data = await super.get(...args);
    if (pageExpired(args[0], args[1], data)) return null;
    return data ? withinLife(data) : data;
  }

  async set(...args) {
    if (typeof args[0] === "string") state.stored(args[0]);
    return super.set(...args);
  }

  async revalidateTag(...args) {
    const tags = args[0];
    state.invalidate(Array.isArray(tags) ? tags : [tags]);
    return super.revalidateTag(...args);
  }
}

module.exports = SharedCacheHandler;
module.exports.sharedMode = sharedMode;
module.exports.pagePath = pagePath;
module.exports.pageExpired = pageExpired;
module.exports.withinLife = withinLife;
