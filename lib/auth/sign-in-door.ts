// POSTs to next-auth's endpoints (/api/auth/*). The body is parsed once (lib/auth/auth-body.ts);
// a sign-in's secret is checked here, through the throttle, from the parsed values — the password
// (per the lower-cased email and the client address) or the impersonation token (per address) —
// and only then does next-auth run, on a request rebuilt from those same values, inside a scope
// holding what was verified (lib/auth/verified-sign-in.ts). Sign-out ends the server-side session.
import "@/lib/server-only";
import NextAuth from "next-auth";
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { env, secureCookies } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { errorBody } from "@/lib/error-codes";
import { parseWith } from "@/lib/http";
import { landingAfterSignIn, ROUTES, safeRedirectPath } from "@/lib/routes";
import { authOptions, toUser } from "@/lib/auth/options";
import { SESSION_COOKIE_PATTERN, sessionCookieName, type SessionScope } from "@/lib/auth/scope";
import { readAuthBody, rebuiltRequest, type AuthBody } from "@/lib/auth/auth-body";
import { nextAuthPath } from "@/lib/contract/open-paths";
import { withVerifiedSignIn } from "@/lib/auth/verified-sign-in";
import { SIGN_IN_EMAIL_COOKIE, SIGN_IN_EMAIL_MAX_AGE_SEC, signInPagePath } from "@/lib/auth/sign-in-page";
import { loginSchema } from "@/lib/validation/auth";
import { EMAIL_MAX } from "@/lib/services/access/rules/account-limits";
import { authenticate, consumeImpersonation, endSession } from "@/lib/services/access";
import { applyGrants, guardSecret, refused, secretClient, type SecretClient } from "@/lib/security/throttle";
import { RateLimitError } from "@/lib/security/rate-limit";
import { isSameOriginRequest } from "@/lib/security/origin";

type Run = (req: NextRequest, scope?: SessionScope) => Promise<Response>;

/** next-auth's own fields of a sign-in form, passed on as they came. */
const NEXT_AUTH_FIELDS = ["csrfToken", "callbackUrl", "json", "redirect"] as const;
const pick = (body: AuthBody, names: readonly string[]) => Object.fromEntries(names.filter((n) => body[n] !== undefined).map((n) => [n, body[n]]));

const tokenSchema = z.object({ token: z.string({ error: "The sign-in link is not valid." }).min(1, "The sign-in link is not valid.").max(200, "The sign-in link is not valid.") });
const INVALID_LINK = "This sign-in link is not valid any more. Ask for a new one.";

export async function nextAuthPost(req: NextRequest, path: string[]): Promise<Response> {
  const run: Run = (r, scope = "studio") => NextAuth(r, { params: { nextauth: path } }, authOptions(scope));
  const [action, provider] = path;
  const signingIn = action === "callback" && (provider === "credentials" || provider === "impersonate");
  let body: AuthBody;
  try {
    body = await readAuthBody(req);
  } catch (e) {
    if (signingIn) return refusal(e);
    throw e;
  }
  if (signingIn) {
    const client = secretClient(req);
    try {
      return await (provider === "credentials" ? signInWithPassword(req, body, client, run) : signInWithToken(req, body, client, run));
    } catch (e) {
      return provider === "credentials" && isPlainForm(body) ? refusedForm(e, req, body) : refusal(e);
    }
  }
  if (action === "signout") return signOut(req, rebuiltRequest(req, body), run, req.nextUrl.searchParams.get("scope") === "superadmin" ? "superadmin" : "studio");
  if (action === "callback" && provider === "end-impersonation") return backToSuperadmin(await run(rebuiltRequest(req, body), "superadmin"));
  return run(rebuiltRequest(req, body));
}

async function signInWithPassword(req: NextRequest, body: AuthBody, client: SecretClient, run: Run): Promise<Response> {
  const input = parseWith(loginSchema, { email: body.email, password: body.password, role: body.role || undefined });
  const admin = await authenticate(client, input);
  const user = toUser(admin);
  const values: AuthBody = { ...pick(body, NEXT_AUTH_FIELDS), email: input.email, password: input.password, ...(input.role ? { role: input.role } : {}) };
  // The sign-in page's form (no script to ask where to go next): next-auth sends the browser on to
  // where this account lands, or back to the studio page it was sent to sign in from.
  if (isPlainForm(body)) values.callbackUrl = landingAfterSignIn(user.landing, body.callbackUrl);
  // A super admin's session goes to its own cookie, beside any studio session of this browser.
  const scope: SessionScope = admin.role === "superadmin" ? "superadmin" : "studio";
  const res = await withVerifiedSignIn({ provider: "credentials", email: input.email, role: input.role, user }, () => run(rebuiltRequest(req, values), scope));
  if (opensSession(res)) return applyGrants(res, client);
  return isPlainForm(body) ? csrfRefusedForm(res, req, body) : res;
}

async function signInWithToken(req: NextRequest, body: AuthBody, client: SecretClient, run: Run): Promise<Response> {
  const { token } = parseWith(tokenSchema, { token: body.token });
  const { studio, issuer } = await guardSecret(client, { kind: "token", account: null }, async () => {
    const traded = await consumeImpersonation(token);
    return traded ? { ok: true, value: traded } : refused(new AppError("UNAUTHORIZED", INVALID_LINK));
  });
  const user = toUser(studio, { id: issuer.id, email: issuer.email, sv: issuer.sessionVersion });
  return withVerifiedSignIn({ provider: "impersonate", token, user }, () => run(rebuiltRequest(req, { ...pick(body, NEXT_AUTH_FIELDS), token })));
}

/**
 * Signs out one face (`?scope=superadmin` from the super admin's Log Out, else the studio) with
 * next-auth and, when it did (it clears that cookie), ends that session on the server. The other
 * face's session is left alone.
 */
async function signOut(req: NextRequest, rebuilt: NextRequest, run: Run, scope: SessionScope): Promise<Response> {
  const secure = secureCookies();
  const current = await getToken({ req, secret: env().AUTH_SECRET, secureCookie: secure, cookieName: sessionCookieName(scope, secure) }).catch(() => null);
  const res = await run(rebuilt, scope);
  if (typeof current?.sid === "string" && clearsSession(res)) await endSession(current.sid);
  return res;
}

/** After "Back to super admin" (its session in the super admin's cookie): the ended studio session's cookie goes too. */
function backToSuperadmin(res: Response): Response {
  if (!opensSession(res)) return res;
  const out = new NextResponse(res.body, res);
  const secure = secureCookies();
  out.cookies.set(sessionCookieName("studio", secure), "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
  return out;
}

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("="));
const opensSession = (res: Response) => res.headers.getSetCookie().some((c) => SESSION_COOKIE_PATTERN.test(cookieName(c)) && !/^[^=]+=;/.test(c));
const clearsSession = (res: Response) => res.headers.getSetCookie().some((c) => SESSION_COOKIE_PATTERN.test(cookieName(c)) && /^[^=]+=;/.test(c));

/** A browser's own form post (the sign-in pages'), as opposed to next-auth's client or an API client, which ask for JSON. */
const isPlainForm = (body: AuthBody) => body.json !== "true";

/**
 * A refused form sign-in: back to its page (303, so the browser asks for it with a GET) with the
 * refusal's code, which the page turns into its message (lib/auth/sign-in-page.ts), and the email
 * typed kept for it in a short-lived cookie — only when the form was posted from this app's own page
 * (another site's post must not choose the email our page offers). The page a studio came from
 * stays in the address.
 */
function refusedForm(error: unknown, req: NextRequest, body: AuthBody): Response {
  if (!(error instanceof AppError)) throw error;
  const res = backToForm(error.code, req, body);
  if (error instanceof RateLimitError) res.headers.set("Retry-After", String(error.retryAfterSec));
  return res;
}

function backToForm(code: string, req: NextRequest, body: AuthBody): Response {
  const role = body.role === "superadmin" ? "superadmin" : "admin";
  const url = new URL(signInPagePath(role), env().APP_URL);
  url.searchParams.set("error", code);
  const back = safeRedirectPath(body.callbackUrl);
  if (back) url.searchParams.set("callbackUrl", back);
  const res = new NextResponse(null, { status: 303, headers: { location: `${url.pathname}${url.search}` } });
  if (body.email && isSameOriginRequest(req)) {
    const secure = secureCookies();
    res.cookies.set(SIGN_IN_EMAIL_COOKIE, body.email.slice(0, EMAIL_MAX), { path: signInPagePath(role), maxAge: SIGN_IN_EMAIL_MAX_AGE_SEC, httpOnly: true, sameSite: "lax", secure });
  }
  return res;
}

/**
 * next-auth's answer to a form whose CSRF token is not its cookie's (a page open across a restart
 * of the secret, a form posted from elsewhere): its own sign-in page, which would lose why. Back to
 * ours instead, saying the sign-in failed.
 */
function csrfRefusedForm(res: Response, req: NextRequest, body: AuthBody): Response {
  const location = res.headers.get("location");
  if (res.status < 300 || res.status >= 400 || !location) return res;
  const url = new URL(location, env().APP_URL);
  return url.pathname === nextAuthPath("signin") && url.searchParams.get("csrf") === "true" ? backToForm("csrf", req, body) : res;
}

/**
 * A refused sign-in in the shape next-auth's client reads: `url` carries `?error=<message>`, which
 * signIn() hands to the form; `code` and `message` for API clients; Retry-After on a 429.
 */
function refusal(error: unknown): Response {
  if (!(error instanceof AppError)) throw error;
  const url = new URL(ROUTES.login, env().APP_URL);
  url.searchParams.set("error", error.message);
  const res = NextResponse.json({ ...errorBody(error.code, error.message), url: url.toString() }, { status: error.status });
  if (error instanceof RateLimitError) res.headers.set("Retry-After", String(error.retryAfterSec));
  return res;
}
