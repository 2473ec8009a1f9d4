// Who is acting: from an `Authorization: Bearer` token or the next-auth session cookie, and then
// re-checked against the database on every request (deleted or deactivated accounts, and sessions
// ended by LOG OUT, stop at once: lib/services/access/sessions.ts). Works from a request (route handlers) or from the current headers (pages).
// A bearer value with the API-key prefix (`vf_key_`, lib/services/platform/rules/api-scopes.ts) is a studio's API key, never
// a sign-in token: the door wrappers (require*) take it, pages (currentActor) never do.
import "@/lib/server-only";
import { getToken } from "next-auth/jwt";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { verifyBearerToken } from "@/lib/auth/token";
import { env, secureCookies } from "@/lib/env";
import { sessionActor } from "@/lib/services/access";
import { SCOPE_HEADER, sessionCookieName, type SessionScope } from "@/lib/auth/scope";
import { AppError, unauthorized } from "@/lib/errors";
import { isKeyToken, type DoorScope } from "@/lib/services/platform/rules/api-scopes";
import { authenticateApiKey, recordKeyUse } from "@/lib/services/platform";
import { afterResponse } from "@/lib/http/after-response";
import { TEXTS } from "@/lib/texts";
import { clientAddress } from "@/lib/security/client-ip";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import type { Actor, KeyGrant } from "@/lib/services/access/rules/actor";

function bearerFrom(authorization: string | null | undefined): string | null {
  const m = authorization?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

/** The account of one session cookie of the request, if it names a live session. */
async function cookieActor(req: NextRequest, scope: SessionScope): Promise<Actor | null> {
  const secure = secureCookies();
  const token = await getToken({ req, secret: env().AUTH_SECRET, secureCookie: secure, cookieName: sessionCookieName(scope, secure) }).catch(() => null);
  if (!token?.sub || typeof token.sv !== "number" || typeof token.sid !== "string") return null;
  return sessionActor({ sub: token.sub, sv: token.sv, sid: token.sid });
}

/**
 * The acting account of a request, or null. A bearer token names it alone; otherwise the session
 * cookie of the face the door serves comes first (`studio` or `superadmin`), then the other one (so
 * a super admin calling a studio door is told it is the wrong account, not that nobody is signed
 * in). A door for both faces (`any`) takes the super admin's first when the page says so (SCOPE_HEADER).
 */
async function actorFrom(req: NextRequest, scope: SessionScope | "any" = "any", opts: { keys?: boolean } = {}): Promise<Actor | null> {
  const bearer = bearerFrom(req.headers.get("authorization"));
  if (bearer && isKeyToken(bearer)) return opts.keys ? keyActor(req, bearer) : null;
  if (bearer) {
    const claims = await verifyBearerToken(bearer, env().AUTH_SECRET);
    return claims?.sid ? sessionActor({ sub: claims.sub, sv: claims.sv, sid: claims.sid }) : null;
  }
  const first: SessionScope = scope === "any" ? (req.headers.get(SCOPE_HEADER) === "superadmin" ? "superadmin" : "studio") : scope;
  return (await cookieActor(req, first)) ?? (await cookieActor(req, first === "studio" ? "superadmin" : "studio"));
}

/** The API key that acted on each request, for the audit of its use (auditKeyUse). */
const keyUses = new WeakMap<NextRequest, Actor & KeyGrant>();

/**
 * A door's check of an API key (a no-op for anyone else): the door must not be sign-in only, and
 * the key must hold the door's scope; otherwise 403 `scope`.
 */
export function requireKeyScope(actor: Actor | null, scope: DoorScope): void {
  if (actor?.via !== "key") return;
  if (scope === "none") throw new AppError("scope", TEXTS.apiKeys.signInOnly);
  if (!actor.scopes.includes(scope)) throw new AppError("scope", TEXTS.apiKeys.scopeRefused(scope));
}

/**
 * Audits a request an API key made (`api_key.use`: method, path, status), after the answer. A 429
 * is not written: the rate limit counted it, and a flood must not grow the audit log with it.
 */
export function auditKeyUse<R extends Response>(req: NextRequest, res: R): R {
  const actor = keyUses.get(req);
  if (!actor || res.status === 429) return res;
  const use = { method: req.method, path: req.nextUrl.pathname, status: res.status, address: clientAddress(req.headers) };
  afterResponse("api key use", () => recordKeyUse(actor, use));
  return res;
}

/** A studio through its API key (null: unknown, revoked, malformed); every use counts against the key's rate limit (429). */
async function keyActor(req: NextRequest, bearer: string): Promise<(Actor & KeyGrant) | null> {
  const actor = await authenticateApiKey(bearer, clientAddress(req.headers));
  if (!actor) return null;
  keyUses.set(req, actor);
  await enforceRateLimit([`api-key:${actor.keyId}`], env().API_KEY_RATE_LIMIT_PER_MINUTE);
  return actor;
}

/** The acting account of the request being rendered (server components). */
export async function currentActor(scope: SessionScope): Promise<Actor | null> {
  // Read the headers first: that marks the page as rendered per request, even at build time.
  const h = await headers();
  return actorFrom(new NextRequest(env().APP_URL, { headers: h }), scope);
}

/** Any signed-in account; otherwise 401. */
export async function requireActor(req: NextRequest, scope: SessionScope | "any" = "any"): Promise<Actor> {
  const actor = await actorFrom(req, scope, { keys: true });
  if (!actor) throw unauthorized();
  return actor;
}

/** A studio (role admin); otherwise 401 (nobody) or 403 (a super admin). */
export async function requireStudio(req: NextRequest): Promise<Actor> {
  const actor = await requireActor(req, "studio");
  if (actor.role !== "admin") throw new AppError("FORBIDDEN", "This action is for studio accounts.");
  return actor;
}

/** A super admin; otherwise 401 (nobody) or 403 (a studio). */
export async function requireSuperadmin(req: NextRequest): Promise<Actor> {
  const actor = await requireActor(req, "superadmin");
  if (actor.role !== "superadmin") throw new AppError("FORBIDDEN", "This action is for super administrators.");
  return actor;
}
