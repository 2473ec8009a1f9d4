// Calls next-auth's real route handler (app/api/auth/[...nextauth]) the way a browser does: the CSRF
// round trip, then a form or JSON POST. Tests using it mock next/headers with request-scope.
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { request, someAddress } from "./requests";
import { runInScope } from "./request-scope";

type Opts = { cookie?: string; form?: Record<string, string>; json?: Record<string, string>; raw?: { body: string; type: string }; from?: string; headers?: Record<string, string> };

export function nextAuth(method: "GET" | "POST", path: string[], opts: Opts = {}): Promise<Response> {
  const body = opts.raw?.body ?? (opts.json ? JSON.stringify(opts.json) : opts.form ? new URLSearchParams(opts.form).toString() : undefined);
  const type = opts.raw?.type ?? (opts.json ? "application/json" : opts.form ? "application/x-www-form-urlencoded" : undefined);
  const req = request(method, `/api/auth/${path.join("/")}`, {
    rawBody: body,
    headers: { ...(opts.headers ?? {}), ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(type ? { "content-type": type } : {}) },
    from: opts.from ?? someAddress(),
  });
  const handler = method === "GET" ? nextAuthGet : nextAuthPost;
  return runInScope(req, () => handler(req, { params: Promise.resolve({ nextauth: path }) }));
}

export const setCookies = (res: Response) => res.headers.getSetCookie();
export const cookiePair = (setCookie: string) => setCookie.split(";")[0];
/** The session a response opened, in either face's cookie (a studio's or a super admin's: lib/auth/scope.ts). */
export const sessionSetCookie = (res: Response) => setCookies(res).find((c) => /^(next-auth|vidfolio-admin)\.session-token=[^;]/.test(c));

/** A CSRF token and its cookie, as the sign-in form gets them. */
export async function csrf(): Promise<{ csrfToken: string; cookie: string }> {
  const res = await nextAuth("GET", ["csrf"]);
  const { csrfToken } = await res.json();
  return { csrfToken, cookie: setCookies(res).map(cookiePair).join("; ") };
}

/** Signs in through next-auth's credentials callback; `session` is the Set-Cookie of the session, if one opened. */
export async function signInThroughNextAuth(fields: Record<string, string>, opts: { json?: boolean; cookie?: string; from?: string; provider?: string } = {}) {
  const token = await csrf();
  const cookie = [token.cookie, opts.cookie].filter(Boolean).join("; ");
  const values = { ...fields, csrfToken: token.csrfToken, json: "true" };
  const res = await nextAuth("POST", ["callback", opts.provider ?? "credentials"], { cookie, from: opts.from, ...(opts.json ? { json: values } : { form: values }) });
  return { res, session: sessionSetCookie(res), cookies: setCookies(res) };
}
