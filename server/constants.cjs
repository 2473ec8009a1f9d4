// @ts-check
// What the production server's runtime (server/*) and the app (proxy.ts, lib/…) must agree on, and
// the runtime's own settings, in one place. Plain CommonJS with JSDoc types: Node loads it outside
// any bundle (server.mjs, the cache handler Next loads at run time), and the app's TypeScript
// imports it as it is (tsconfig `allowJs`), so there is no declaration file to keep in step.
"use strict";

const { NEXT_CACHE_IMPLICIT_TAG_ID } = require("next/dist/lib/constants");

/** Set by proxy.ts on a public gallery page's answer, with the page's route path as its value, so the
 * front cache may keep it (and knows its tag); the front cache takes it off before the answer leaves. */
const CACHEABLE_HEADER = "x-vidfolio-cacheable";

/** Says where an answer came from: `hit` (the front cache) or `miss` (Next.js, stored or not). */
const FRONT_HEADER = "x-front-cache";

/** The client's socket address, stamped by the production server and signed (socket-address.cjs). */
const SOCKET_HEADER = "x-vidfolio-socket";

/** Where the per-process key of the socket stamp lives (process.env: the app's bundled code reads it there). */
const SOCKET_KEY_VARIABLE = "VIDFOLIO_SOCKET_KEY";

/** The request id: set on the forwarded request and on every answer. */
const REQUEST_ID_HEADER = "x-request-id";

/** A request id we accept from outside (a load balancer's): short, plain characters only. */
const TRUSTED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id a request carries when it looks like one, otherwise a new one.
 * @param {string | string[] | null | undefined} given
 * @returns {string}
 */
function requestIdFrom(given) {
  return typeof given === "string" && TRUSTED_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** The PostgreSQL NOTIFY channel of page-cache invalidations (lib/services/public/public-cache.ts announces, the cache handler listens). */
const CACHE_CHANNEL = "vidfolio_cache";

/**
 * Next's tag for a page path: what revalidatePath(path) expires, and what the cache handler and the
 * front cache check a cached page by. Slugs and hosts are plain ASCII.
 * @param {string} path
 * @returns {string}
 */
function pathTag(path) {
  return `${NEXT_CACHE_IMPLICIT_TAG_ID}${path.replace(/\/+$/, "") || "/"}`;
}

/**
 * Whole seconds a page valid until `validUntil` (ms) may still be kept from `now`: a second is kept
 * back, since the page is written (and its cache life starts) a moment after this is computed. The
 * page's props (lib/services/public/public-page.ts) and the cache handler serving it again
 * (shared-cache-handler.cjs) both bound its cache life by it.
 * @param {number} validUntil
 * @param {number} [now]
 * @returns {number}
 */
function pageSecondsLeft(validUntil, now = Date.now()) {
  return Math.floor((validUntil - now) / 1000) - 1;
}

/**
 * The production server runtime's settings (docs/operations.md, "Configuration"), read from the
 * environment when asked: the cache handler runs in processes (the build, the tests) that set them
 * differently.
 * @param {NodeJS.ProcessEnv} [env]
 */
function serverSettings(env = process.env) {
  return {
    /** PORT: where server.mjs listens (every interface, as `next start`). */
    port: Number(env.PORT || 3000),
    /** FRONT_CACHE=false: the front cache keeps nothing (it still bounds the pages' Cache-Control). */
    frontCache: env.FRONT_CACHE !== "false",
    /** Invalidations shared through PostgreSQL: with a database, outside `next build`, unless SHARED_CACHE=false. */
    sharedCache: Boolean(env.DATABASE_URL) && env.NEXT_PHASE !== "phase-production-build" && env.SHARED_CACHE !== "false",
    /** The cache handler's database (the app's own). */
    databaseUrl: env.DATABASE_URL,
    /** The `service` field of the runtime's log lines (the app's logger uses the same variable). */
    service: env.VIDFOLIO_SERVICE || "app",
  };
}

module.exports = {
  CACHEABLE_HEADER,
  FRONT_HEADER,
  SOCKET_HEADER,
  SOCKET_KEY_VARIABLE,
  REQUEST_ID_HEADER,
  TRUSTED_REQUEST_ID,
  requestIdFrom,
  CACHE_CHANNEL,
  pathTag,
  pageSecondsLeft,
  serverSettings,
};
