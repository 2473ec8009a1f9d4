// Sessions: the cookie's flags as next-auth really sets them, bearer expiry, sessions ended at once
// by a password change or a switch to Not Active (cookie and bearer), LOG OUT ending the session on
// the server (a copied cookie stops working), and one-time, short-lived, audited impersonation
// tokens whose session ends when the super admin goes back.
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { POST as updateProfile } from "@/app/api/update-profile/route";
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { GET as impersonate } from "@/app/api/admin/impersonate/[id]/route";
import { consumeImpersonation, IMPERSONATION_TTL_MS } from "@/lib/services/access/impersonation";
import { SESSION_MAX_AGE_SEC } from "@/lib/limits";
import { decodeJwt } from "jose";
import { db } from "@/lib/db";
import { createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";
import { cookiePair, csrf, nextAuth, signInThroughNextAuth } from "../helpers/next-auth";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

/** Signs in through next-auth's real credentials callback; returns the Set-Cookie of the session. */
const signIn = (email: string, password: string) => signInThroughNextAuth({ email, password });

describe("the session cookie", () => {
  it("is httpOnly, SameSite=Lax, path /, not Secure on http://, and opens a session", async () => {
    const studio = await createStudio();
    const { session } = await signIn(studio.email, TEST_PASSWORD);
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
        const { defaultCookies } = require(require("node:path").resolve("node_modules/next-auth/core/lib/cookie.js"));
        const options = authOptions();
        expect(options.useSecureCookies).toBe(true);
        // next-auth's own defaults for the studio's cookie name and options, and the super admin's own cookie beside it.
        const { sessionToken } = defaultCookies(options.useSecureCookies!);
        expect(sessionToken.name).toBe("__Secure-next-auth.session-token");
        expect(options.cookies?.sessionToken).toEqual({ name: sessionToken.name, options: expect.objectContaining({ httpOnly: true, sameSite: "lax", secure: true, path: "/" }) });
        expect(sessionToken.options).toEqual(expect.objectContaining({ httpOnly: true, sameSite: "lax", secure: true, path: "/" }));
        expect(authOptions("superadmin").cookies?.sessionToken).toEqual({
          name: "__Secure-vidfolio-admin.session-token",
          options: expect.objectContaining({ httpOnly: true, sameSite: "lax", secure: true, path: "/" }),
        });
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
    const res = await call(
      updateProfile,
      request("POST", "/api/update-profile", { cookie, body: { name: studio.name, email: studio.email, currentPassword: TEST_PASSWORD, newPassword: "a-new-password-456" } }),
    );
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
    expect(actions).toEqual([
      ["impersonation.issue", admin.id],
      ["impersonation.start", admin.id],
    ]);
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

describe("LOG OUT ends the session on the server", () => {
  const works = async (auth: { cookie?: string; token?: string }) => (await call(adminDetails, request("GET", "/api/admin/admin-details", auth))).status;

  async function signOut(sessionCookie: string) {
    const token = await csrf();
    return nextAuth("POST", ["signout"], { cookie: `${token.cookie}; ${sessionCookie}`, form: { csrfToken: token.csrfToken, callbackUrl: "/login", json: "true" } });
  }

  it("a copy of the cookie taken before LOG OUT is refused (401) after it; another browser's session goes on", async () => {
    const studio = await createStudio();
    const laptop = cookiePair((await signIn(studio.email, TEST_PASSWORD)).session!);
    const phone = cookiePair((await signIn(studio.email, TEST_PASSWORD)).session!);
    const copied = laptop;
    expect([await works({ cookie: laptop }), await works({ cookie: phone })]).toEqual([200, 200]);

    const out = await signOut(laptop);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^next-auth\.session-token=;/.test(c))).toBe(true);
    expect(await works({ cookie: copied })).toBe(401);
    expect(await works({ cookie: phone })).toBe(200);
    // next-auth's own session read clears the ended cookie in a browser that still holds it.
    const read = await nextAuth("GET", ["session"], { cookie: copied });
    expect(await read.json()).toEqual({});
    expect(read.headers.getSetCookie().some((c) => /^next-auth\.session-token=;/.test(c))).toBe(true);
  });

  it("a sign-out without next-auth's CSRF token ends nothing", async () => {
    const studio = await createStudio();
    const cookie = cookiePair((await signIn(studio.email, TEST_PASSWORD)).session!);
    await nextAuth("POST", ["signout"], { cookie, form: { csrfToken: "forged", json: "true" } });
    expect(await works({ cookie })).toBe(200);
  });

  it("a token without a server-side session, or naming another account's, opens nothing", async () => {
    const studio = await createStudio();
    const other = await createStudio();
    const { encode } = await import("next-auth/jwt");
    const claims = { sub: studio.id, role: studio.role, plan: studio.plan, sv: studio.sessionVersion };
    const bare = `next-auth.session-token=${await encode({ secret: process.env.AUTH_SECRET!, token: claims })}`;
    expect(await works({ cookie: bare })).toBe(401);
    const otherSid = (await db.authSession.create({ data: { adminId: other.id, kind: "cookie", expiresAt: new Date(Date.now() + 3600_000) } })).id;
    const borrowed = `next-auth.session-token=${await encode({ secret: process.env.AUTH_SECRET!, token: { ...claims, sid: otherSid } })}`;
    expect(await works({ cookie: borrowed })).toBe(401);
    const { signBearerToken } = await import("@/lib/auth/token");
    expect(await works({ token: await signBearerToken({ sub: studio.id, sv: studio.sessionVersion }, process.env.AUTH_SECRET!) })).toBe(401);
  });

  it("a bearer token from POST /api/admin/login names a session that can be ended", async () => {
    const studio = await createStudio();
    const { POST: login } = await import("@/app/api/admin/login/route");
    const { token } = await (await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: TEST_PASSWORD } }))).json();
    expect(await works({ token })).toBe(200);
    const sid = decodeJwt(token).sid as string;
    expect((await db.authSession.findUniqueOrThrow({ where: { id: sid } })).kind).toBe("bearer");
    await db.authSession.update({ where: { id: sid }, data: { endedAt: new Date() } });
    expect(await works({ token })).toBe(401);
  });
});

describe("an impersonation session", () => {
  const works = async (cookie: string) => (await call(adminDetails, request("GET", "/api/admin/admin-details", { cookie }))).status;

  it("ends on the server when the super admin goes back, and at LOG OUT", async () => {
    const admin = await createSuperadmin();
    const studio = await createStudio();
    const adminCookie = cookiePair((await signIn(admin.email, TEST_PASSWORD)).session!);
    const open = async () => {
      const res = await call(impersonate, request("GET", `/api/admin/impersonate/${studio.id}`, { cookie: adminCookie }), { id: studio.id });
      const token = new URL((await res.json()).url).searchParams.get("token")!;
      const traded = await signInThroughNextAuth({ token }, { provider: "impersonate" });
      expect(traded.res.status).toBe(200);
      return cookiePair(traded.session!);
    };

    const first = await open();
    const copied = first;
    expect(await works(first)).toBe(200);
    const back = await signInThroughNextAuth({}, { provider: "end-impersonation", cookie: first });
    expect(back.res.status).toBe(200);
    expect(await works(cookiePair(back.session!))).toBe(200); // the super admin again
    expect(await works(copied)).toBe(401);

    const second = await open();
    const token = await csrf();
    await nextAuth("POST", ["signout"], { cookie: `${token.cookie}; ${second}`, form: { csrfToken: token.csrfToken, json: "true" } });
    expect(await works(second)).toBe(401);
    // Nor can a copy of the signed-out impersonation cookie be traded back for the super admin's session.
    const comeback = await signInThroughNextAuth({}, { provider: "end-impersonation", cookie: second });
    expect(comeback.session).toBeUndefined();
    expect(comeback.res.status).toBe(401);
  });
});

describe("two faces in one browser (issue 19, item 5)", () => {
  it("studio doors act as the studio, super-admin doors as the super admin, a door for both as the page says", async () => {
    const { GET: allAdmins } = await import("@/app/api/admin/all-admin/route");
    const studio = await createStudio();
    const admin = await createSuperadmin();
    const both = `${await sessionCookieFor(studio)}; ${await sessionCookieFor(admin)}`;
    // A studio door: the studio.
    expect((await (await call(adminDetails, request("GET", "/api/admin/admin-details", { cookie: both }))).json()).admin.email).toBe(studio.email);
    // A super-admin door: the super admin (before the split, the studio's session answered 403 here).
    expect((await call(allAdmins, request("GET", "/api/admin/all-admin", { cookie: both }))).status).toBe(200);
    // A door for both faces: the studio, unless the super admin's page says so.
    const edit = (headers: Record<string, string>) =>
      call(adminUpdate, request("PUT", `/api/admin/admin-update/${studio.id}`, { cookie: both, headers, body: { obj: { companyName: "Set by the super admin" } } }), { id: studio.id });
    expect((await edit({ "x-vidfolio-as": "superadmin" })).status).toBe(200);
    const other = await createStudio();
    const foreign = await call(adminUpdate, request("PUT", `/api/admin/admin-update/${other.id}`, { cookie: both, body: { obj: { companyName: "x" } } }), { id: other.id });
    expect(foreign.status).toBe(404); // as the studio: another account is not its own
    expect(
      (
        await call(adminUpdate, request("PUT", `/api/admin/admin-update/${other.id}`, { cookie: both, headers: { "x-vidfolio-as": "superadmin" }, body: { obj: { companyName: "y" } } }), {
          id: other.id,
        })
      ).status,
    ).toBe(200);
    // The header chooses among the caller's own cookies only: a studio alone gains nothing by it.
    const alone = await sessionCookieFor(studio);
    expect(
      (
        await call(adminUpdate, request("PUT", `/api/admin/admin-update/${other.id}`, { cookie: alone, headers: { "x-vidfolio-as": "superadmin" }, body: { obj: { companyName: "z" } } }), {
          id: other.id,
        })
      ).status,
    ).toBe(404);
    expect((await call(allAdmins, request("GET", "/api/admin/all-admin", { cookie: alone, headers: { "x-vidfolio-as": "superadmin" } }))).status).toBe(403);
    expect((await db.admin.findUniqueOrThrow({ where: { id: other.id } })).companyName).toBe("y");
  });
});
