// The page front cache of the production server (server/server.mjs): the public gallery pages,
// kept in memory as the bytes Next.js sent, and answered before Next.js is asked at all.
//
// Why: a cached gallery page costs Next.js about 2 ms of CPU a request (routing, the proxy, the
// response cache, headers), a sixth of what Node.js itself needs to send the same bytes; with 100
// viewers at once that queueing is the page's p99 (bench/viewer). The front cache answers a repeat
// request for the same page with a buffer write.
//
// What it keeps, and for how long (it never decides what a page shows; Next.js still does):
// - Only answers proxy.ts marked as a public gallery page (the `x-vidfolio-cacheable` header, whose
//   value is the page's route path, `/g/<slug>` or `/d/<host>/<slug>`; taken off before the answer
//   leaves), to a plain GET without Next's router headers, with status 200, no
//   Set-Cookie, and a fresh page from Next's cache (`x-nextjs-cache` HIT or a new render, MISS; never
//   STALE). The key is the Host, the URL, the Accept-Encoding (the stored bytes may be gzipped) and
//   the viewer language the request gets (lib/viewer-i18n/language.cjs: `?lang=`, else Accept-Language).
// - An entry is dropped when its page is invalidated: each entry knows its page's tag (Next's
//   implicit tag of the route path, the one revalidatePath expires), and every invalidation this
//   process learns of (a save here: revalidatePath; elsewhere: the PostgreSQL notice, see
//   shared-cache-handler.cjs) drops exactly the entries of the tags it names, so one gallery's save
//   leaves every other gallery's page in place. A page rendered while its tag was invalidated is
//   not kept. When notices may have been missed (the listener reconnecting) everything is dropped,
//   and nothing is served while the listener is down. Past TTL_MS, the next request asks Next
//   again while the others are still answered from the entry (for at most another TTL_MS), so what
//   Next expires by time (revalidate = 60) is late by at most 2 × TTL_MS.
// - Never past the page's own cache life: an entry is served only while at least a second of the
//   `s-maxage` Next gave it is left (a gallery page's is bounded by the instant it stops being right:
//   its expiry, its signed media's life; lib/services/public/public-page.ts), and each answer from it says
//   how much is left. A public gallery page's Cache-Control never allows a shared cache to serve it
//   stale (`stale-while-revalidate` is taken off), so a CDN's copy ends when the page's life does.
// - Each answer gets its own request id (the rule of constants.cjs).
"use strict";

const { LRUCache } = require("lru-cache");
const { CACHEABLE_HEADER, FRONT_HEADER, REQUEST_ID_HEADER, pathTag, requestIdFrom, serverSettings } = require("./constants.cjs");
const { languageParam, languageSegment } = require("../lib/viewer-i18n/language.cjs");

const CSP = "content-security-policy";
const TTL_MS = 5000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** Headers of the stored answer that belong to one connection or one request, not to the page. */
const NOT_STORED = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", REQUEST_ID_HEADER, CACHEABLE_HEADER, FRONT_HEADER]);

/**
 * The invalidation state of this process, shared with shared-cache-handler.cjs (its listener) and
 * every front cache made here (`caches`: each one's drop function).
 */
function cacheBus() {
  return (globalThis.__vidfolioCacheBus ??= { started: false, listening: false, client: null, failures: 0, caches: new Set() });
}

/**
 * Drops the kept pages of these tags (Next's tags: `_N_T_/g/emma`), and marks the pages of those
 * tags being rendered right now as not to be kept; with no tags, every page.
 * @param {string[]} [tags]
 */
function dropFrontCache(tags) {
  for (const drop of cacheBus().caches) drop(tags === undefined ? undefined : new Set(tags));
}

/** The `s-maxage` of a Cache-Control value (seconds), or null. */
function sMaxAge(value) {
  const m = /(?:^|,)\s*s-maxage=(\d+)/i.exec(String(value ?? ""));
  return m ? Number(m[1]) : null;
}

/**
 * A public gallery page's Cache-Control: no stale-while-revalidate (a shared cache must not serve
 * the page past its life), and, given `secondsLeft`, that s-maxage.
 */
function pageCacheControl(value, secondsLeft) {
  let v = String(value ?? "")
    .split(",")
    .map((d) => d.trim())
    .filter((d) => d && !/^stale-while-revalidate\b/i.test(d))
    .join(", ");
  if (secondsLeft !== undefined) v = v.replace(/s-maxage=\d+/i, `s-maxage=${secondsLeft}`);
  return v;
}

/** Whether the request may be answered from (and stored in) the cache: a plain page load. */
function cacheableRequest(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.url.includes("_rsc=")) return false;
  for (const name of Object.keys(req.headers)) {
    if (name === "rsc" || name.startsWith("next-") || name === "range" || name === "authorization") return false;
  }
  return true;
}

function toBuffer(chunk, encoding) {
  if (chunk == null || typeof chunk === "function") return null;
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
  return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * @param {{ ttlMs?: number, maxBytes?: number, shared?: () => boolean, now?: () => number, keep?: boolean }} [options]
 *   `keep: false` (FRONT_CACHE=false): keeps nothing, only fixes the marked pages' headers.
 *   `shared`: whether invalidations come through the PostgreSQL listener (then nothing is served
 *   while it is down); by default, when shared-cache-handler.cjs is in shared mode.
 */
function createFrontCache(options = {}) {
  const ttlMs = options.ttlMs ?? TTL_MS;
  // Ages and lives here are durations: measured on the monotonic clock, so a step of the wall clock
  // (NTP, a resumed virtual machine) neither keeps an entry past its life nor ends it early.
  const now = options.now ?? (() => performance.now());
  const shared = options.shared ?? (() => serverSettings().sharedCache);
  const bus = cacheBus();
  /** The keys kept per tag, so that an invalidation drops exactly its pages. */
  const keysByTag = new Map();
  const entries = new LRUCache({
    maxSize: options.maxBytes ?? MAX_BYTES,
    sizeCalculation: (e) => e.body.length + 512,
    dispose: (entry, key) => {
      const keys = keysByTag.get(entry.tag);
      keys?.delete(key);
      if (keys?.size === 0) keysByTag.delete(entry.tag);
    },
  });
  /** Pages being rendered by Next.js now, to be kept when they are done (unless invalidated meanwhile). */
  const rendering = new Set();

  bus.caches.add((tags) => {
    if (tags === undefined) entries.clear();
    else for (const tag of tags) for (const key of [...(keysByTag.get(tag) ?? [])]) entries.delete(key);
    for (const render of rendering) {
      // Before Next answers, the page's tag is not known yet: what was heard is matched once it is.
      if (render.tag === null) {
        if (tags === undefined) render.all = true;
        else for (const tag of tags) render.heard.add(tag);
      } else if (tags === undefined || tags.has(render.tag)) render.invalidated = true;
    }
  });

  function usable() {
    if (!shared() || bus.listening) return true;
    // An invalidation may be missed meanwhile: what was kept before is not trusted afterwards either.
    entries.clear();
    return false;
  }

  function answer(req, res, entry) {
    // The kept page's cache life, less the time it was kept here.
    const left = String(Math.floor((entry.until - now()) / 1000));
    const raw = entry.raw.map((v, i) => (i % 2 === 1 && entry.raw[i - 1] === "cache-control" ? pageCacheControl(v, left) : v));
    res.writeHead(200, [...raw, REQUEST_ID_HEADER, requestIdFrom(req.headers[REQUEST_ID_HEADER])]);
    res.end(req.method === "HEAD" ? undefined : entry.body);
  }

  function store(key, tag, headers, body, until) {
    const raw = [];
    for (const [name, value] of headers) {
      for (const v of Array.isArray(value) ? value : [value]) raw.push(name, String(v));
    }
    raw.push("content-length", String(body.length), FRONT_HEADER, "hit");
    entries.set(key, { raw, body, at: now(), until, refreshing: false, tag });
    if (!keysByTag.has(tag)) keysByTag.set(tag, new Set());
    keysByTag.get(tag).add(key);
  }

  /** Whether an entry may still be served: at least a second of its own cache life is left. */
  const alive = (entry) => entry.until - now() >= 1000;

  /**
   * A marked page's Cache-Control, as it leaves (whether or not it is kept); its tag, or null for an
   * answer proxy.ts did not mark.
   */
  function markedPage(res, status) {
    const marked = res.getHeader(CACHEABLE_HEADER);
    res.removeHeader(CACHEABLE_HEADER);
    // A gallery page is one HTML for every viewer, trusted by its scripts' hashes: the nonce of the
    // request that made it is for the App Router's 404 of these paths only (proxy.ts scriptTrust).
    if (marked && status < 400 && res.hasHeader(CSP)) res.setHeader(CSP, String(res.getHeader(CSP)).replace(/\s'nonce-[^']*'/g, ""));
    if (marked && res.hasHeader("cache-control")) res.setHeader("cache-control", pageCacheControl(res.getHeader("cache-control")));
    return typeof marked === "string" && marked.startsWith("/") ? pathTag(marked) : null;
  }

  /** Lets Next.js answer, only fixing a marked page's headers on the way out. */
  function pass(res) {
    const { writeHead } = res;
    res.writeHead = function (status, ...rest) {
      const given = rest.find((a) => a && typeof a === "object");
      if (given && !Array.isArray(given)) for (const [name, value] of Object.entries(given)) if (value !== undefined) this.setHeader(name, value);
      markedPage(this, status);
      const reason = rest.find((a) => typeof a === "string");
      return reason === undefined ? writeHead.call(this, status) : writeHead.call(this, status, reason);
    };
  }

  /** Watches Next's answer and stores it when it is a fresh public gallery page. */
  function capture(key, res) {
    const chunks = [];
    let size = 0;
    let headers = null;
    let keep = true;
    let until = 0;
    // The page's tag is known once Next answers; an invalidation of any page meanwhile is matched then.
    const render = { tag: null, invalidated: false, heard: new Set(), all: false };
    const { writeHead, write, end } = res;
    rendering.add(render);
    res.once("close", () => rendering.delete(render));

    res.writeHead = function (status, ...rest) {
      const given = rest.find((a) => a && typeof a === "object");
      if (Array.isArray(given)) keep = false;
      else if (given) for (const [name, value] of Object.entries(given)) if (value !== undefined) this.setHeader(name, value);
      const marked = markedPage(this, status);
      render.tag = marked;
      if (marked && (render.all || render.heard.has(marked))) render.invalidated = true;
      render.heard.clear();
      this.setHeader(FRONT_HEADER, "miss");
      const nextCache = String(this.getHeader("x-nextjs-cache") ?? "");
      const life = sMaxAge(this.getHeader("cache-control"));
      if (!marked || status !== 200 || this.hasHeader("set-cookie") || (nextCache !== "HIT" && nextCache !== "MISS") || !life) keep = false;
      until = now() + (life ?? 0) * 1000;
      if (keep) headers = Object.entries({ ...this.getHeaders(), "x-nextjs-cache": "HIT" }).filter(([name]) => !NOT_STORED.has(name));
      const reason = rest.find((a) => typeof a === "string");
      return reason === undefined ? writeHead.call(this, status) : writeHead.call(this, status, reason);
    };
    const collect = (chunk, encoding) => {
      const buf = keep ? toBuffer(chunk, encoding) : null;
      if (!buf) return;
      size += buf.length;
      if (size > MAX_ENTRY_BYTES) keep = false;
      else chunks.push(Buffer.from(buf));
    };
    res.write = function (chunk, encoding, cb) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, cb);
    };
    res.end = function (chunk, encoding, cb) {
      collect(chunk, encoding);
      const result = end.call(this, chunk, encoding, cb);
      rendering.delete(render);
      if (keep && headers && render.tag && !render.invalidated) store(key, render.tag, headers, Buffer.concat(chunks), until);
      return result;
    };
  }

  /** Answers from the cache, or lets Next.js answer (`next`) and keeps what may be kept. */
  function handle(req, res, next) {
    if (options.keep === false || !cacheableRequest(req)) {
      pass(res);
      return next();
    }
    // The viewer's language is part of the page (proxy.ts renders it by the same rule): a French
    // browser never gets the English page kept for another.
    const language = languageSegment(languageParam(req.url), req.headers["accept-language"]);
    const key = `${req.headers.host ?? ""}\n${req.url}\n${req.headers["accept-encoding"] ?? ""}\n${language}`;
    if (usable()) {
      const found = entries.get(key);
      const entry = found && alive(found) ? found : undefined;
      const age = entry ? now() - entry.at : Infinity;
      if (age < ttlMs) return answer(req, res, entry);
      // Past its time to live, one request asks Next.js again while the others still get the kept
      // page (for at most another TTL): no stampede of a hundred renders at once.
      if (age < 2 * ttlMs && (entry.refreshing || req.method !== "GET")) return answer(req, res, entry);
      // A HEAD answer has no body to keep; the GET that follows stores the page.
      if (req.method === "GET") {
        if (entry) {
          entry.refreshing = true;
          res.once("close", () => (entry.refreshing = false));
        }
        capture(key, res);
        return next();
      }
    }
    pass(res);
    return next();
  }

  return { handle };
}

module.exports = { createFrontCache, dropFrontCache, cacheBus, pageCacheControl };
