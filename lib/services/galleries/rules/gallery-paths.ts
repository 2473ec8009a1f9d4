// Where a gallery's public page lives: the one place its paths and links are built. Pure (no
// configuration read here, no database): the proxy, the cache invalidation, the front cache, the
// delivery link and the editor's preview all use it, so they cannot drift apart.
//
// - `/g/<customurl>` (or `/g/<galleryId>`, the spec's New Tab form) on the app's own host: the page.
// - `/<customurl>` on a separate gallery host (GALLERY_BASE_URL) is rewritten to `/g/<customurl>`.
// - `/<customurl>` on a studio's custom domain is rewritten to `/d/<domain>/<customurl>`.
// - The delivery link: the studio's domain, else the gallery host, else APP_URL + `/g`, then the custom url.
// - One address per name: a gallery's name (custom url or id) is lower-case; any other
//   spelling of it (capitals, percent-encoded letters) is sent to that one (canonicalGalleryPath).
import { isId } from "@/lib/ids";
import { SLUG_PATTERN } from "@/lib/services/galleries/rules/slug";

/** The prefix of the public gallery page on the app's own host. */
const GALLERY_PREFIX = "/g";

/** The public gallery page on the app's own default host; `preview`: the editor's frame (studio only, uncached). */
export function publicGalleryPath(slug: string, preview = false): string {
  return `${GALLERY_PREFIX}/${encodeURIComponent(slug)}${preview ? "/preview" : ""}`;
}

/** The route of a path on the separate gallery host: `/<slug>` → `/g/<slug>` (the segment as it came, still encoded). */
export function galleryHostRoute(pathname: string): string | null {
  const segment = pathname.match(/^\/([^/]+)\/?$/)?.[1];
  return segment ? `${GALLERY_PREFIX}/${segment}` : null;
}

/** The internal route that renders a studio's gallery reached through its custom domain. */
export function customDomainPath(domain: string, slug: string): string {
  return `/d/${encodeURIComponent(domain)}/${encodeURIComponent(slug)}`;
}

/** The internal route of a studio's domain home page (`https://<domain>/`, pages/v/[lang]/d/[host]/index). */
function studioHomePath(domain: string): string {
  return `/d/${encodeURIComponent(domain)}`;
}

/** Whether `path` (after the host's rewrite) is a public gallery page: `/g/<slug>` or `/d/<host>/<slug>`. */
export function isPublicGalleryRoute(path: string): boolean {
  return /^\/g\/[^/]+\/?$/.test(path) || /^\/d\/[^/]+\/[^/]+\/?$/.test(path);
}

/**
 * The one address of a gallery page when `pathname` (as requested, before any rewrite) spells its
 * last segment, a gallery's name, another way: capitals or percent-encoded characters. Null when it
 * is already that address, or the segment is no gallery's name at all. Every spelling was a page
 * of its own in Next's cache and the front cache, which no save expired: the
 * proxy redirects them to this before any cache sees them.
 */
export function canonicalGalleryPath(pathname: string): string | null {
  const m = /^(.*\/)([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  let name: string;
  try {
    name = decodeURIComponent(m[2]).toLowerCase();
  } catch {
    return null;
  }
  if (name === m[2] || !(isId(name) || SLUG_PATTERN.test(name))) return null;
  return `${m[1]}${name}`;
}

/** Whether `path` (after the host's rewrite) is a studio's domain home page: `/d/<host>`. */
export function isStudioHomeRoute(path: string): boolean {
  return /^\/d\/[^/]+\/?$/.test(path);
}

/**
 * Every route path a gallery's page is cached under: each of its names (custom url, id) under
 * `/g/`, and under each custom domain given. What an invalidation expires (lib/services/public/public-cache.ts)
 * and what the front cache drops (server/front-cache.cjs, by these paths' tags).
 */
export function galleryPagePaths(slugs: Iterable<string>, domains: Iterable<string | null | undefined> = []): string[] {
  const hosts = [...domains].filter((d): d is string => !!d);
  // A domain's home page lists its galleries: it goes with them.
  return [...[...slugs].flatMap((slug) => [publicGalleryPath(slug), ...hosts.map((host) => customDomainPath(host, slug))]), ...hosts.map(studioHomePath)];
}

export type LinkHosts = { domainUrl: string | null; galleryBaseUrl: string | undefined; appUrl: string };

/** The base of a studio's delivery links (spec §2 Delivery link box): its domain, else the gallery host, else APP_URL/g. */
export function galleryBaseUrl({ domainUrl, galleryBaseUrl, appUrl }: LinkHosts): string {
  if (domainUrl) return `https://${domainUrl.replace(/\/+$/, "")}`;
  if (galleryBaseUrl) return galleryBaseUrl.replace(/\/+$/, "");
  return `${appUrl.replace(/\/+$/, "")}${GALLERY_PREFIX}`;
}

/** A gallery's delivery link: the studio's base, then its custom url. */
export function deliveryLink(base: string, customUrl: string): string {
  return `${base}/${customUrl}`;
}

/** A guest's personal link: the delivery link with the invite's token. */
export function personalLink(base: string, customUrl: string, token: string): string {
  return `${deliveryLink(base, customUrl)}?k=${encodeURIComponent(token)}`;
}

/**
 * The request header proxy.ts gives a request it routes to a viewer page (a gallery, a studio's
 * domain home, any path of a custom domain): the localized route it rewrote to
 * (`/v/a-fr/d/<domain>/<slug>`). Read by the 404 screen (app/not-found.tsx), which Next renders for
 * a missing gallery without its route's params: it names the studio and the viewer's language.
 * Always the proxy's own: a client's copy is dropped.
 */
export const VIEWER_ROUTE_HEADER = "x-vidfolio-viewer-route";

/** What a viewer route names: its language segment, and the custom domain it was asked on (null: Vidfolio's own gallery host). */
export type ViewerRoute = { segment: string; domain: string | null };

/** The viewer route of VIEWER_ROUTE_HEADER's value (`/v/<segment>/g/…` or `/v/<segment>/d/<domain>/…`), or null. */
export function viewerRouteOf(value: string | null | undefined): ViewerRoute | null {
  const m = /^\/v\/([^/]+)\/(?:g\/[^/]+|d\/([^/]+)(?:\/.*)?)$/.exec(value ?? "");
  if (!m) return null;
  if (m[2] === undefined) return { segment: m[1], domain: null };
  try {
    return { segment: m[1], domain: decodeURIComponent(m[2]) };
  } catch {
    return null;
  }
}
