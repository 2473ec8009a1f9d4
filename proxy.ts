// The route gate (a convenience, not the lock: every handler and page re-checks on the server).
// Every request passes here (the matcher skips only Next's own static files): a body declared
// larger than REQUEST_BODY_MAX_BYTES is refused with 413 before anything reads it.
// Studio pages need a studio session, super-admin pages the superadmin role, /api/* a session or
// a bearer token. Opening a sign-in page ends any previous session. A request to a studio's custom
// domain (any Host that is not the app's own) is rewritten to that studio's gallery route. Every
// answer gets the Content-Security-Policy (and HSTS in production over https) of the runtime
// configuration (lib/security/headers.ts): a page rendered per request with a nonce of its own, a
// public gallery page (cached for every viewer) with its inline scripts' hashes.
import { randomBytes } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { verifyBearerToken } from "@/lib/auth/token";
import { KEY_PATTERN, isKeyToken } from "@/lib/services/platform/rules/api-scopes";
import { routeForHost } from "@/lib/services/studio/rules/hosts";
import { VIEWER_ROUTE_HEADER, canonicalGalleryPath, isPublicGalleryRoute, isStudioHomeRoute } from "@/lib/services/galleries/rules/gallery-paths";
import { LANGUAGE_PARAM, LOCALIZED_PREFIX, isViewerLanguage, languageSegment, localizedRoute } from "@/lib/viewer-i18n/language.cjs";
import { CACHEABLE_HEADER } from "@/server/constants.cjs";
import { ROUTES, SIGN_IN_SCOPES, SUPERADMIN_BASE } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import { errorBody } from "@/lib/error-codes";
import { securityHeaders, type ScriptTrust } from "@/lib/security/headers";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/http/request-id";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/limits";
import { proxyEnv, secureCookies } from "@/lib/env";
import { SESSION_COOKIE_PATTERN, sessionCookieName, type SessionScope } from "@/lib/auth/scope";
import { isOpenPath } from "@/lib/contract/open-paths";

const STUDIO_PAGES = [/^\/g\/[^/]+\/preview$/, /^\/studio(\/|$)/, /^\/checkout(\/|$)/, /^\/success(\/|$)/];

function secret(): string {
  return proxyEnv().AUTH_SECRET;
}

type Who = { role: string } | null;

/** Who a session cookie of one face names (a convenience check: the handlers verify the session itself). */
async function whoIn(req: NextRequest, scope: SessionScope): Promise<Who> {
  const secure = secureCookies();
  const token = await getToken({ req, secret: secret(), secureCookie: secure, cookieName: sessionCookieName(scope, secure) }).catch(() => null);
  return token?.sub ? { role: String(token.role ?? "admin") } : null;
}

/**
 * The caller: a bearer token, else the cookie of the face asked for first, then the other one. A
 * studio's API key passes on its shape alone (the proxy reads no database; the door checks the key).
 */
async function who(req: NextRequest, first: SessionScope = "studio"): Promise<Who> {
  const bearer = req.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer && isKeyToken(bearer)) return KEY_PATTERN.test(bearer) ? { role: "key" } : null;
  if (bearer) return (await verifyBearerToken(bearer, secret())) ? { role: "bearer" } : null;
  return (await whoIn(req, first)) ?? (await whoIn(req, first === "studio" ? "superadmin" : "studio"));
}

function redirect(req: NextRequest, path: string, keepReturn = false): NextResponse {
  const url = new URL(path, req.url);
  if (keepReturn) url.searchParams.set("callbackUrl", req.nextUrl.pathname + req.nextUrl.search);
  return NextResponse.redirect(url);
}

const CSP = "content-security-policy";
/** The headers of the answers that run no script (API answers), made once per process. */
let apiHeaders: Record<string, string> | null = null;

/**
 * Which scripts the answer's page may run (lib/security/headers.ts): none for an API answer; else
 * a fresh nonce, which Next reads from the forwarded request's policy and writes on every script an
 * App Router page renders. A public gallery path also trusts its page's own inline scripts (the same
 * cached HTML for every viewer, which leaves without the nonce: server/front-cache.cjs); its nonce
 * is for the App Router's 404 there (a missing gallery, a mistyped address on a studio's domain).
 */
export function scriptTrust(req: NextRequest): ScriptTrust {
  const { pathname } = req.nextUrl;
  if (pathname.startsWith("/api/")) return "none";
  const host = routeForHost(req.headers.get("host"), pathname, { appUrl: proxyEnv().APP_URL, galleryBaseUrl: proxyEnv().GALLERY_BASE_URL });
  const path = host.action === "rewrite" ? host.path : pathname;
  const galleryScripts = !pathname.startsWith(LOCALIZED_PREFIX) && (isPublicGalleryRoute(path) || isStudioHomeRoute(path));
  return { nonce: randomBytes(18).toString("base64"), ...(galleryScripts ? { galleryScripts } : {}) };
}

function headersFor(trust: ScriptTrust): Record<string, string> {
  if (typeof trust === "object") return securityHeaders(proxyEnv(), trust);
  return (apiHeaders ??= securityHeaders(proxyEnv(), trust));
}

/** Gives the request its id, forwarded to the handlers (which log with it) and returned on the answer. */
export async function proxy(req: NextRequest) {
  const requestId = requestIdOf(req);
  const forwarded = new Headers(req.headers);
  forwarded.set(REQUEST_ID_HEADER, requestId);
  const trust = scriptTrust(req);
  const headers = headersFor(trust);
  // Next takes a page's nonce from the request's policy: only ever the one made here, never a client's.
  forwarded.delete(CSP);
  // The viewer route a page's 404 reads (lib/services/galleries/rules/gallery-paths.ts): only ever the one set here.
  forwarded.delete(VIEWER_ROUTE_HEADER);
  if (typeof trust === "object") forwarded.set(CSP, headers["Content-Security-Policy"]);
  const res = await route(req, { request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  res.headers.set(REQUEST_ID_HEADER, requestId);
  return res;
}

type Forward = { request: { headers: Headers } };

async function route(req: NextRequest, forward: Forward): Promise<NextResponse> {
  const { pathname } = req.nextUrl;
  const next = () => NextResponse.next(forward);

  if (Number(req.headers.get("content-length") ?? 0) > REQUEST_BODY_MAX_BYTES) return NextResponse.json(errorBody("payload_too_large", TEXTS.bodyTooLarge), { status: 413 });

  const host = routeForHost(req.headers.get("host"), pathname, { appUrl: proxyEnv().APP_URL, galleryBaseUrl: proxyEnv().GALLERY_BASE_URL });
  // A gallery page has one address per name: another spelling is sent there before any cache sees it (docs/security.md, "Gallery addresses").
  const canonical = isPublicGalleryRoute(host.action === "rewrite" ? host.path : pathname) ? canonicalGalleryPath(pathname) : null;
  if (canonical) {
    const url = req.nextUrl.clone();
    url.pathname = canonical;
    return NextResponse.redirect(url, 308);
  }
  if (host.action === "rewrite") {
    const page = viewerPage(req, host.path, forward);
    if (page) return page;
    // Any other path of a studio's domain is a 404: the studio's own (app/not-found.tsx), in the viewer's language.
    forward.request.headers.set(VIEWER_ROUTE_HEADER, localizedRoute(host.path, viewerSegment(req)));
    return cacheable(NextResponse.rewrite(new URL(host.path, req.url), forward), host.path);
  }
  // The viewer pages' language routes are reached only through the public paths (viewerPage).
  if (pathname.startsWith(LOCALIZED_PREFIX)) return NextResponse.rewrite(new URL("/404", req.url), forward);

  if (pathname.startsWith("/api/")) {
    // The public doors (lib/contract/open-paths.ts) answer without credentials; their handlers decide the rest.
    if (isOpenPath(pathname)) return next();
    if (!(await who(req))) return NextResponse.json(errorBody("unauthorized", TEXTS.unauthorized), { status: 401 });
    return next();
  }

  const signInFor = Object.hasOwn(SIGN_IN_SCOPES, pathname) ? SIGN_IN_SCOPES[pathname] : undefined;
  if (signInFor) {
    const res = next();
    // A person arriving on a sign-in page signs that face out (the spec's "the login page clears
    // the tokens"): the studio's page the studio session, the super admin's page the super admin's;
    // a prefetch or a router (RSC) request for it never does: a page merely linking to the sign-in
    // page must not sign anyone out.
    if (isDocumentNavigation(req)) {
      for (const { name } of req.cookies.getAll()) {
        if (SESSION_COOKIE_PATTERN.test(name) && name.includes(sessionCookieName(signInFor, false))) res.cookies.delete(name);
      }
    }
    return res;
  }

  if (pathname.startsWith(`${SUPERADMIN_BASE}/`)) {
    const w = await who(req, "superadmin");
    if (w?.role !== "superadmin") return redirect(req, ROUTES.superadminLogin);
    return next();
  }

  if (STUDIO_PAGES.some((re) => re.test(pathname))) {
    const w = await who(req);
    // A page is for a person: an API key opens none (the page itself takes no key either: lib/auth/actor.ts).
    if (!w || w.role === "key") return redirect(req, ROUTES.login, true);
    if (w.role === "superadmin") return redirect(req, ROUTES.superadminHome);
    return next();
  }

  return viewerPage(req, pathname, forward) ?? cacheable(next(), pathname);
}

/**
 * A viewer page (a public gallery, a studio's domain home) is rendered by its language's route
 * (lib/viewer-i18n/language.cjs): the viewer's `?lang=` choice, else the browser's Accept-Language
 * (then the answer varies with it). Null for any other path.
 */
function viewerPage(req: NextRequest, path: string, forward: Forward): NextResponse | null {
  if (!isPublicGalleryRoute(path) && !isStudioHomeRoute(path)) return null;
  const url = new URL(localizedRoute(path.replace(/\/+$/, ""), viewerSegment(req)), req.url);
  url.search = req.nextUrl.search;
  // A missing gallery's 404 is rendered without the route's params: it reads them here.
  forward.request.headers.set(VIEWER_ROUTE_HEADER, url.pathname);
  const res = NextResponse.rewrite(url, forward);
  if (!isViewerLanguage(req.nextUrl.searchParams.get(LANGUAGE_PARAM))) res.headers.set("vary", "Accept-Language");
  return cacheable(res, path);
}

/** The viewer's language segment (lib/viewer-i18n/language.cjs): its `?lang=` choice, else the browser's Accept-Language. */
function viewerSegment(req: NextRequest): string {
  return languageSegment(req.nextUrl.searchParams.get(LANGUAGE_PARAM), req.headers.get("accept-language"));
}

/**
 * Whether the request loads a page as a document (an address typed, a plain link followed, a
 * reload), not a prefetch or one of the App Router's RSC requests made for a page it may never show.
 * Proven against the production server's requests too (tests/e2e/auth.spec.ts).
 */
export function isDocumentNavigation(req: NextRequest): boolean {
  const h = req.headers;
  if (req.method !== "GET" || h.has("rsc") || h.has("next-router-prefetch") || h.has("next-router-state-tree") || req.nextUrl.searchParams.has("_rsc")) return false;
  if (/prefetch|prerender/i.test(`${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-purpose") ?? ""} ${h.get("x-moz") ?? ""}`)) return false;
  // Every current browser says what a request is for (Sec-Fetch-Mode). The production server strips
  // Next's own router headers (rsc, next-router-prefetch) before this runs, so for a client without
  // fetch metadata only its Accept tells a page load (text/html) from a router or script fetch (*/*).
  const mode = h.get("sec-fetch-mode");
  if (mode === null) return /\btext\/html\b/i.test(h.get("accept") ?? "");
  return mode === "navigate";
}

/**
 * Marks a public gallery page's answer as one the production server may keep (server/server.mjs),
 * naming its route path: the front cache drops it when that path's page is invalidated.
 */
function cacheable(res: NextResponse, path: string): NextResponse {
  if (isPublicGalleryRoute(path)) res.headers.set(CACHEABLE_HEADER, path);
  return res;
}

// Only Next's own build output and image optimiser are skipped. A file extension proves nothing:
// `/api/auth/x.png` is an API route (it used to skip the body cap and the CSP).
export const config = {
  matcher: ["/((?!_next/static/|_next/image).*)"],
};
