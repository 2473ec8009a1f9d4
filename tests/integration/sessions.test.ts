// Sessions: the cookie's flags as next-auth really sets them, bearer expiry, sessions ended at once
// by a password change or a switch to Not Active (cookie and bearer), and one-time, short-lived,
// audited impersonation tokens.
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { POST as updateProfile } from "@/app/api/update-profile/route";
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { GET as impersonate } from "@/app/api/admin/impersonate/[id]/route";
import { consumeImpersonation, IMPERSONATION_TTL_MS } from "@/lib/services/impersonation";
import { SESSION_MAX_AGE_SEC } from "@/lib/limits";
import { decodeJwt } from "jose";
import { db } from "@/lib/db";
import { createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";
import { runInScope } from "../helpers/request-scope";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

function nextAuth(method: "GET" | "POST", path: string[], opts: { cookie?: string; form?: Record<string, string> } = {}) {
  const req = request(method, `/api/auth/${path.join("/")}`, {
    rawBody: opts.form ? new URLSearchParams(opts.form).toString() : undefined,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.form ? { "content-type": "application/x-www-form-urlencoded" } : {}), "x-real-ip": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  const handler = method === "GET" ? nextAuthGet : nextAuthPost;
  return runInScope(req, () => handler(req, { params: Promise.resolve({ nextauth: path }) }));
}

const setCookies = (res: Response) => res.headers.getSetCookie();
const cookiePair = (sc: string) => sc.split(";")[0];

/** Signs in through next-auth's real credentials callback; returns the Set-Cookie of the session. */
async function signInThroughNextAuth(email: string, password: string) {
  const csrf = await nextAuth("GET", ["csrf"]);
  const { csrfToken } = await csrf.json();
  const csrfCookie = setCookies(csrf).map(cookiePair).join("; ");
  const res = await nextAuth("POST", ["callback", "credentials"], { cookie: csrfCookie, form: { email, password, csrfToken, json: "true" } });
  const session = setCookies(res).find((c) => c.startsWith("next-auth.session-token="));
  return { res, session };
}

describe("the session cookie", () => {
  it("is httpOnly, SameSite=Lax, path /, not Secure on http://, and opens a session", async () => {
    const studio = await createStudio();
    const { session } = await signInThroughNextAuth(studio.email, TEST_PASSWORD);
    expect(session).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
    expect(session).not.toMatch(/;\s*Secure/i);
    const res = await call(adminDetails, request("GET", "/api/admin/admin-details", { cookie: cookiePair(session!) }));
    expect((await res.json()).admin.email).toBe(studio.email);
  });

  it("is Secure (and __Secure- prefixed) when APP_URL is https", async () => {
    const saved = { APP_URL: process.env.APP_URL };
    process.env.APP_URL = "https://app.example.com";
    try {
      await jest.isolateModulesAsync(async () => {
        const { authOptions } = await import("@/lib/auth/options");
        // next-auth's own cookie defaults (its package exports do not expose the module by name).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { defaultCookies } = require(require("node:path").resolve("node_modules/next-auth/core/lib/cookie.js"));
        const options = authOptions();
        expect(options.useSecureCookies).toBe(true);
        expect(options.cookies).toBeUndefined(); // next-auth's defaults, checked below
        const { sessionToken } = defaultCookies(options.useSecureCookies!);
        expect(sessionToken.name).toBe("__Secure-next-auth.session-token");
        expect(sessionToken.options).toEqual(expect.objectContaining({ httpOnly: true, sameSite: "lax", secure: true, path: "/" }));
      });
    } finally {
      process.env.APP_URL = saved.APP_URL;
    }
  });
});

describe("bearer tokens", () => {
  it("expire: 12 hours by default, refused once past", async () => {
    const studio = await createStudio();
    const claims = decodeJwt(await bearerFor(studio));
    expect(claims.exp! - claims.iat!).toBe(SESSION_MAX_AGE_SEC);
    const expired = await bearerFor(studio, 1);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await call(adminDetails, request("GET", "/api/admin/admin-details", { token: expired }))).status).toBe(401);
  });
});

describe("ending sessions at once", () => {
  const works = async (auth: { cookie?: string; token?: string }) => (await call(adminDetails, request("GET", "/api/admin/admin-details", auth))).status;

  it("a password change ends every cookie and bearer session of the account", async () => {
    const studio = await createStudio();
    const cookie = await sessionCookieFor(studio);
    const token = await bearerFor(studio);
    const other = await sessionCookieFor(studio);
    expect([await works({ cookie }), await works({ token })]).toEqual([200, 200]);
    const res = await call(updateProfile, request("POST", "/api/update-profile", { cookie, body: { name: studio.name, email: studio.email, currentPassword: TEST_PASSWORD, newPassword: "a-new-password-456" } }));
    expect(res.status).toBe(200);
    expect([await works({ cookie }), await works({ token }), await works({ cookie: other })]).toEqual([401, 401, 401]);
  });

  it("a super admin's switch to Not Active ends the studio's sessions", async () => {
    const studio = await createStudio();
    const cookie = await sessionCookieFor(studio);
    const token = await bearerFor(studio);
    const admin = await createSuperadmin();
    const res = await call(adminUpdate, request("PUT", `/api/admin/admin-update/${studio.id}`, { token: await bearerFor(admin), body: { obj: { status: "Not Active" } } }), { id: studio.id });
    expect(res.status).toBe(200);
    expect([await works({ cookie }), await works({ token })]).toEqual([401, 401]);
    // Switching back does not revive the old tokens: the session version moved on.
    await db.admin.update({ where: { id: studio.id }, data: { status: "ACTIVE" } });
    expect([await works({ cookie }), await works({ token })]).toEqual([401, 401]);
  });
});

describe("impersonation tokens", () => {
  it("are single-use, expire within a minute, and are audited (issue and start)", async () => {
    const admin = await createSuperadmin();
    const studio = await createStudio();
    const res = await call(impersonate, request("GET", `/api/admin/impersonate/${studio.id}`, { token: await bearerFor(admin), headers: { "x-real-ip": "198.19.0.1" } }), { id: studio.id });
    const token = new URL((await res.json()).url).searchParams.get("token")!;
    const row = await db.impersonationToken.findFirstOrThrow({ where: { adminId: studio.id } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60_000);
    expect(IMPERSONATION_TTL_MS).toBeLessThanOrEqual(60_000);
    expect(row.tokenHash).not.toContain(token);

    expect((await consumeImpersonation(token))?.studio.id).toBe(studio.id);
    expect(await consumeImpersonation(token)).toBeNull();
    const [a, b] = await Promise.all([consumeImpersonation(token), consumeImpersonation(token)]);
    expect([a, b]).toEqual([null, null]);

    const actions = (await db.auditLog.findMany({ where: { targetId: studio.id }, orderBy: { createdAt: "asc" } })).map((l) => [l.action, l.actorId]);
    expect(actions).toEqual([["impersonation.issue", admin.id], ["impersonation.start", admin.id]]);
  });

  it("an expired token opens nothing; two tabs racing for a fresh one get one session", async () => {
    const admin = await createSuperadmin();
    const studio = await createStudio();
    const issue = async () => {
      const res = await call(impersonate, request("GET", `/api/admin/impersonate/${studio.id}`, { token: await bearerFor(admin), headers: { "x-real-ip": "198.19.0.2" } }), { id: studio.id });
      return new URL((await res.json()).url).searchParams.get("token")!;
    };
    const stale = await issue();
    await db.impersonationToken.updateMany({ where: { adminId: studio.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await consumeImpersonation(stale)).toBeNull();
    const fresh = await issue();
    const results = await Promise.all([consumeImpersonation(fresh), consumeImpersonation(fresh), consumeImpersonation(fresh)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
