// The viewer's language: which of the viewer text catalogues a public gallery
// page is rendered in. CommonJS and pure, because three places must agree on it exactly: proxy.ts
// (which rewrites the page's request to its language's route), the front cache (whose key must keep
// languages apart before Next.js is asked) and the page itself (lib/viewer-i18n). A pure module of
// lib/ that the production server (server/front-cache.cjs, server/shared-cache-handler.cjs)
// requires as it is: server/ holds the server's runtime only.
//
// A request's language segment is its explicit choice (`?lang=fr`, the page's switcher and its
// hreflang links): `fr`; or else what its browser asks for (Accept-Language), marked as such:
// `a-fr` (a gallery fixed to one language shows that one instead). The page's route is
// `/v/<segment><path>`: `/g/emma` in French is rendered (and cached) as `/v/a-fr/g/emma`.
"use strict";

/** The viewer languages, English first (the fallback), with their own names for the switcher. */
const VIEWER_LANGUAGES = ["en", "es", "fr", "de", "it", "pt"];
const LANGUAGE_NAMES = { en: "English", es: "Español", fr: "Français", de: "Deutsch", it: "Italiano", pt: "Português" };
const DEFAULT_LANGUAGE = "en";
/** A gallery's setting that follows the guest's browser (the default). */
const BROWSER_LANGUAGE = "auto";
/** The internal route prefix of a page rendered in one language. */
const LOCALIZED_PREFIX = "/v/";
/** The query parameter of an explicit choice. */
const LANGUAGE_PARAM = "lang";

/** @param {unknown} v @returns {v is string} */
const isViewerLanguage = (v) => typeof v === "string" && VIEWER_LANGUAGES.includes(v);

/**
 * The viewer language an Accept-Language header asks for most (RFC 9110 quality values; `pt-BR`
 * matches `pt`, `*` the default), or the default. At most 32 ranges are read.
 * @param {string | string[] | null | undefined} header
 * @returns {string}
 */
function negotiateLanguage(header) {
  const value = Array.isArray(header) ? header.join(",") : String(header ?? "");
  let best = DEFAULT_LANGUAGE;
  let bestQ = 0;
  const ranges = value.split(",", 32);
  for (let i = 0; i < ranges.length; i++) {
    const [range, ...params] = ranges[i].trim().toLowerCase().split(";");
    if (!range) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p);
      if (m) q = Math.min(1, Number(m[1]));
    }
    const primary = range.split("-")[0];
    const lang = primary === "*" ? DEFAULT_LANGUAGE : primary;
    // The first of equal weights wins (the header's own order).
    if (q > bestQ && isViewerLanguage(lang)) {
      best = lang;
      bestQ = q;
    }
  }
  return best;
}

/**
 * The language segment of a request: the explicit `?lang=` when it names a viewer language, else
 * the browser's (`a-<lang>`).
 * @param {string | null | undefined} explicit
 * @param {string | string[] | null | undefined} acceptLanguage
 */
function languageSegment(explicit, acceptLanguage) {
  return isViewerLanguage(explicit) ? explicit : `a-${negotiateLanguage(acceptLanguage)}`;
}

/** The `?lang=` of a request URL (path and query), or null. @param {string} url */
function languageParam(url) {
  const q = url.indexOf("?");
  return q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get(LANGUAGE_PARAM);
}

/**
 * What a segment says: the language, and whether the viewer chose it (else the browser asked).
 * @param {unknown} segment
 * @returns {{ lang: string, explicit: boolean } | null}
 */
function parseSegment(segment) {
  if (isViewerLanguage(segment)) return { lang: segment, explicit: true };
  if (typeof segment === "string" && segment.startsWith("a-") && isViewerLanguage(segment.slice(2))) return { lang: segment.slice(2), explicit: false };
  return null;
}

/**
 * The language a page is shown in: the viewer's explicit choice; else the gallery's fixed language;
 * else (the gallery follows the browser, or there is no gallery: the studio's home page) the browser's.
 * @param {unknown} segment  @param {string | null | undefined} [setting]
 */
function pageLanguage(segment, setting) {
  const s = parseSegment(segment) ?? { lang: DEFAULT_LANGUAGE, explicit: false };
  if (s.explicit || !isViewerLanguage(setting)) return s.lang;
  return setting;
}

/** The internal route of a public path in a language segment: `/g/emma` → `/v/a-fr/g/emma`. @param {string} path @param {string} segment */
function localizedRoute(path, segment) {
  return `${LOCALIZED_PREFIX}${segment}${path}`;
}

/** The public path of an internal localized route (`/v/a-fr/g/emma` → `/g/emma`); any other path as it is. @param {string} path */
function unlocalizedPath(path) {
  if (!path.startsWith(LOCALIZED_PREFIX)) return path;
  const rest = path.slice(LOCALIZED_PREFIX.length);
  const slash = rest.indexOf("/");
  return slash < 0 ? "/" : rest.slice(slash);
}

module.exports = {
  VIEWER_LANGUAGES,
  LANGUAGE_NAMES,
  DEFAULT_LANGUAGE,
  BROWSER_LANGUAGE,
  LOCALIZED_PREFIX,
  LANGUAGE_PARAM,
  isViewerLanguage,
  negotiateLanguage,
  languageSegment,
  languageParam,
  parseSegment,
  pageLanguage,
  localizedRoute,
  unlocalizedPath,
};
