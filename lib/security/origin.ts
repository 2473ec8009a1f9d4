// Cross-site request refusal for cookie-authenticated mutations. A browser attaches the session
// cookie (SameSite=Lax) to top-level cross-site POST navigations and to same-site requests from
// sibling hosts; the Origin header (sent by browsers on every cross-origin request and on
// same-origin POST/PUT/PATCH/DELETE) and Sec-Fetch-Site tell us where the request came from.
// Requests with a bearer token or without the session cookie are not cookie-authenticated
// (API clients, Stripe's webhook, the public gallery on a custom domain) and are left alone, and
// so are public doors (lib/http/index.ts applies this to the signed-in wrappers only).
import { proxyEnv } from "@/lib/env";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?next-auth\.session-token(\.\d+)?=/;
/** A guest's personal-link cookie (lib/auth/guest-link.ts guestCookieName): the review doors act as that guest. */
export const GUEST_COOKIE = /(^|;\s*)vf_guest_[0-9a-f]+=/;

type Req = { method: string; headers: Headers; url: string };

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Hosts that are this app: the configured APP_URL and the host the request was sent to. */
function ownHosts(req: Req): string[] {
  const hosts = [req.headers.get("x-forwarded-host"), req.headers.get("host"), hostOf(req.url)];
  hosts.push(hostOf(proxyEnv().APP_URL));
  return hosts.filter((h): h is string => !!h).map((h) => h.split(",")[0].trim().toLowerCase());
}

/** True when a mutation authenticated by a cookie (`cookie`: the session's, by default) comes from another site and must be refused. */
export function isCrossSiteMutation(req: Req, cookie: RegExp = SESSION_COOKIE): boolean {
  if (!MUTATIONS.has(req.method.toUpperCase())) return false;
  if (/^Bearer\s+\S+$/i.test(req.headers.get("authorization") ?? "")) return false;
  if (!cookie.test(req.headers.get("cookie") ?? "")) return false;
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site") return true;
  const origin = req.headers.get("origin");
  if (origin === null) return false; // not a browser, or an old one: SameSite=Lax covers it
  const host = hostOf(origin);
  return !host || !ownHosts(req).includes(host);
}

/**
 * True only when the browser says the request comes from this app's own pages: Sec-Fetch-Site
 * `same-origin`, or (a browser without it) an Origin that is one of this app's hosts. A cross-site
 * or same-site (a sibling host) request, `Origin: null`, and a request with neither header are not.
 * For what a door writes into the browser on a post (a cookie) rather than what it refuses.
 */
export function isSameOriginRequest(req: Req): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return false;
  const origin = req.headers.get("origin");
  if (origin === null) return site === "same-origin";
  const host = hostOf(origin);
  return !!host && ownHosts(req).includes(host);
}
