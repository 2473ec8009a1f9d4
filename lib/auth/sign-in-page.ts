// The sign-in pages without a script: pages/login.tsx and
// pages/vidfolio-superadmin/login.tsx are HTML forms that post to next-auth's credentials door
// (lib/auth/sign-in-door.ts) as any browser posts a form. What the page needs from the server is
// made here: next-auth's CSRF token (the double-submit cookie next-auth itself checks), the message
// of a refused attempt (the door redirects back with its code, never with text: an address cannot
// make the page say anything but our own messages), the email typed before it (kept for a few
// minutes in a cookie of its own, not in the address), and where to go after.
import "@/lib/server-only";
import { createHash, randomBytes } from "node:crypto";
import { env, secureCookies } from "@/lib/env";
import { ROUTES, safeRedirectPath } from "@/lib/routes";
import { nextAuthPath } from "@/lib/contract/open-paths";
import { TEXTS } from "@/lib/texts";
import { EMAIL_MAX } from "@/lib/services/access/rules/account-limits";

export type SignInRole = "admin" | "superadmin";

/** next-auth 4's CSRF cookie (its defaultCookies: `__Host-` over https). */
export const csrfCookieName = (secure: boolean) => `${secure ? "__Host-" : ""}next-auth.csrf-token`;

/** Where a refused attempt's email waits for the page (httpOnly; gone after a few minutes). */
export const SIGN_IN_EMAIL_COOKIE = "vidfolio-sign-in-email";
export const SIGN_IN_EMAIL_MAX_AGE_SEC = 300;

/** The messages a refused sign-in may show, by the code the door sent back; anything else is the generic one. */
const MESSAGES: Record<string, string> = {
  invalid_credentials: TEXTS.invalidCredentials,
  forbidden: TEXTS.notSuperadmin,
  account_under_review: TEXTS.accountUnderReview,
  rate_limited: TEXTS.tooManyAttempts,
};

export const signInPagePath = (role: SignInRole) => (role === "superadmin" ? ROUTES.superadminLogin : ROUTES.login);

/** The message of `?error=`: a code of the door's; any other (`csrf`, next-auth's own `CredentialsSignin`) gets the generic one. */
function signInErrorText(error: string | undefined): string | null {
  if (error === undefined) return null;
  return Object.hasOwn(MESSAGES, error) ? MESSAGES[error] : TEXTS.signInFailed;
}

const hashOf = (token: string) => createHash("sha256").update(`${token}${env().AUTH_SECRET}`).digest("hex");

/**
 * next-auth's CSRF token for the form, as its own /api/auth/csrf makes it (core/lib/csrf-token.js):
 * the cookie's token when the cookie is ours, else a new one with the cookie to set.
 */
function csrfFor(cookieValue: string | undefined): { token: string; setCookie: string | null } {
  const [token, hash] = (cookieValue ?? "").split("|");
  if (token && hash && hash === hashOf(token)) return { token, setCookie: null };
  const fresh = randomBytes(32).toString("hex");
  const secure = secureCookies();
  return { token: fresh, setCookie: `${csrfCookieName(secure)}=${encodeURIComponent(`${fresh}|${hashOf(fresh)}`)}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}` };
}

export type SignInPageProps = {
  role: SignInRole;
  /**
   * Where the form posts (next-auth's credentials door). Given by the server: the contract's path
   * modules stay out of the page's client build, whose modules are shared with the public gallery's.
   */
  action: string;
  csrfToken: string;
  error: string | null;
  email: string;
  /** A studio page the person was sent here from (only a path of this app). */
  callbackUrl: string | null;
};

type Request = { cookies: Partial<Record<string, string>> };
type Response = { setHeader(name: string, value: string[]): unknown };

/** What the sign-in page of `role` renders for this request, its CSRF cookie set on `res` when new. */
export function signInPageProps(req: Request, res: Response, query: Record<string, string | string[] | undefined>, role: SignInRole): SignInPageProps {
  const csrf = csrfFor(req.cookies[csrfCookieName(secureCookies())]);
  if (csrf.setCookie) res.setHeader("Set-Cookie", [csrf.setCookie]);
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  let email = "";
  try {
    email = decodeURIComponent(req.cookies[SIGN_IN_EMAIL_COOKIE] ?? "").slice(0, EMAIL_MAX);
  } catch {
    email = "";
  }
  const error = signInErrorText(one(query.error));
  return { role, action: nextAuthPath("callback/credentials"), csrfToken: csrf.token, error, email: error ? email : "", callbackUrl: safeRedirectPath(one(query.callbackUrl)) };
}
