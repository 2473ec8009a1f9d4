// Which site a request's Host names: the app itself, the default gallery host, or a studio's
// custom domain. Pure (no database): the proxy decides with it, the pages look the domain up.
import { galleryHostRoute, publicGalleryPath } from "@/lib/services/galleries/rules/gallery-paths";

export type HostConfig = { appUrl?: string; galleryBaseUrl?: string };

export type HostRoute =
  /** Serve the path as it is. */
  | { action: "next" }
  /** Serve another (internal) path under the same URL. */
  | { action: "rewrite"; path: string };

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"];

/** Paths every host serves as they are: framework assets, the gallery faces (lib/services/galleries/rules/fonts.ts) and the public API the gallery page calls. */
const SHARED_PATHS = [/^\/_next\//, /^\/fonts\//, /^\/api\/public\//, /^\/favicon\.ico$/, /^\/robots\.txt$/];

/** A Host header as a bare lower-case host name: no port, no trailing dot. Null when unusable. */
export function normalizeHost(raw: string | null | undefined): string | null {
  const value = raw?.trim().toLowerCase();
  if (!value) return null;
  if (value.startsWith("[")) {
    const end = value.indexOf("]");
    return end > 0 ? value.slice(0, end + 1) : null;
  }
  const host = value.replace(/:\d*$/, "").replace(/\.$/, "");
  return host || null;
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return normalizeHost(new URL(url).host);
  } catch {
    return null;
  }
}

/** The host of the default gallery host, when it is a host of its own serving galleries at `/<slug>`. */
function separateGalleryHost(cfg: HostConfig): string | null {
  if (!cfg.galleryBaseUrl) return null;
  try {
    const url = new URL(cfg.galleryBaseUrl);
    const host = normalizeHost(url.host);
    return host && host !== hostOf(cfg.appUrl) && url.pathname.replace(/\/+$/, "") === "" ? host : null;
  } catch {
    return null;
  }
}

/** The app's own host names: loopback, APP_URL's host and GALLERY_BASE_URL's host. */
export function ownHosts(cfg: HostConfig): Set<string> {
  const hosts = new Set(LOOPBACK);
  for (const h of [hostOf(cfg.appUrl), hostOf(cfg.galleryBaseUrl)]) if (h) hosts.add(h);
  return hosts;
}

/** The CNAME target studios point their domains at: the gallery host, else the app's host. */
export function galleryHostName(cfg: HostConfig): string {
  return hostOf(cfg.galleryBaseUrl) ?? hostOf(cfg.appUrl) ?? "localhost";
}

/**
 * How to serve `pathname` for a request to `rawHost`. The app's own hosts are served as they are;
 * on the separate gallery host `/<slug>` is the gallery `/g/<slug>`; any other host is a studio's
 * custom domain, where `/<slug>` becomes `/d/<domain>/<slug>` (the page finds the gallery of the
 * studio owning that domain, or answers 404) and every other path is under `/d/<domain>/`, which
 * answers 404 — so studio pages and other studios' galleries are never reachable through it.
 */
export function routeForHost(rawHost: string | null | undefined, pathname: string, cfg: HostConfig): HostRoute {
  const host = normalizeHost(rawHost);
  if (!host || SHARED_PATHS.some((re) => re.test(pathname))) return { action: "next" };
  const galleryHost = separateGalleryHost(cfg);
  if (galleryHost && host === galleryHost) {
    const route = galleryHostRoute(pathname);
    return route ? { action: "rewrite", path: route } : { action: "next" };
  }
  if (ownHosts(cfg).has(host)) return { action: "next" };
  const rest = pathname === "/" ? "/" : pathname.replace(/\/+$/, "");
  return { action: "rewrite", path: `/d/${encodeURIComponent(host)}${rest}` };
}

/** The path of gallery `name`'s page on the host a request came to: `/<name>` on the gallery host or a studio's domain, `/g/<name>` on the app's own. */
export function galleryPageOnHost(rawHost: string | null | undefined, name: string, cfg: HostConfig): string {
  const onItsOwn = `/${encodeURIComponent(name)}`;
  return routeForHost(rawHost, onItsOwn, cfg).action === "rewrite" ? onItsOwn : publicGalleryPath(name);
}
