import { POST as login } from "@/app/api/admin/login/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";

describe("POST /api/admin/login", () => {
  it("answers a token and the account (role, plan) without its password hash", async () => {
    const studio = await createStudio({ plan: "PRO", creditsMb: 2048 });
    const res = await call(login, request("POST", "/api/admin/login", { body: { email: studio.email.toUpperCase(), password: TEST_PASSWORD, role: "admin" } }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.token).toBe("string");
    expect(body.message).toBeTruthy();
    expect(body.data).toMatchObject({ _id: studio.id, role: "admin", plan: "Pro", credits: 2048, email: studio.email });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);

    const details = await call(adminDetails, request("GET", "/api/admin/admin-details", { token: body.token }));
    expect(details.status).toBe(200);
    expect((await details.json()).admin.email).toBe(studio.email);
  });

  it("gives plan 'n/a' to a studio without a plan", async () => {
    const studio = await createStudio({ plan: "NO_PLAN" });
    const res = await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: TEST_PASSWORD } }));
    expect((await res.json()).data.plan).toBe("n/a");
  });

  it("refuses a wrong password and an unknown email with the same message", async () => {
    const studio = await createStudio();
    for (const body of [
      { email: studio.email, password: "wrong-password" },
      { email: "nobody@example.test", password: TEST_PASSWORD },
    ]) {
      const res = await call(login, request("POST", "/api/admin/login", { body }));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: "invalid_credentials", message: TEXTS.invalidCredentials });
    }
  });

  it("tells a Not Active studio that its account is under review", async () => {
    const studio = await createStudio({ status: "NOT_ACTIVE", plan: "NO_PLAN" });
    const res = await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: TEST_PASSWORD } }));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(TEXTS.accountUnderReview);
  });

  it("refuses a studio at the super-admin sign-in, and signs a super admin in", async () => {
    const studio = await createStudio();
    const res = await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: TEST_PASSWORD, role: "superadmin" } }));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(TEXTS.notSuperadmin);

    const sa = await createSuperadmin();
    const ok = await call(login, request("POST", "/api/admin/login", { body: { email: sa.email, password: TEST_PASSWORD, role: "superadmin" } }));
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.role).toBe("superadmin");
  });

  it.each([
    ["missing email", { password: "x" }],
    ["malformed email", { email: "not-an-email", password: "x" }],
    ["empty password", { email: "a@b.co", password: "" }],
    ["wrong types", { email: 42, password: ["x"] }],
    ["unknown role", { email: "a@b.co", password: "x", role: "root" }],
    ["huge password", { email: "a@b.co", password: "x".repeat(10000) }],
  ])("answers 400 with a message for %s", async (_name, body) => {
    const res = await call(login, request("POST", "/api/admin/login", { body }));
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).message).toBe("string");
  });

  it("answers 400 to a body that is not JSON", async () => {
    const res = await call(login, request("POST", "/api/admin/login", { rawBody: "{nope", headers: { "content-type": "application/json" } }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The request body must be JSON.");
  });
});

describe("GET /api/admin/admin-details", () => {
  it("answers 401 with no credentials", async () => {
    const res = await call(adminDetails, request("GET", "/api/admin/admin-details"));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: "unauthorized", message: TEXTS.unauthorized });
  });

  it("accepts the next-auth session cookie", async () => {
    const studio = await createStudio();
    const res = await call(adminDetails, request("GET", "/api/admin/admin-details", { cookie: await sessionCookieFor(studio) }));
    expect(res.status).toBe(200);
    const { admin } = await res.json();
    expect(admin).toMatchObject({ id: studio.id, name: studio.name, status: "Active" });
    expect(admin.passwordHash).toBeUndefined();
  });

  it("refuses an expired, a tampered and a foreign-secret token", async () => {
    const studio = await createStudio();
    const expired = await bearerFor(studio, 1);
    await new Promise((r) => setTimeout(r, 2100));
    const good = await bearerFor(studio);
    const [h, p, s] = good.split(".");
    const tampered = `${h}.${p}x.${s}`;
    for (const token of [expired, tampered, "abc.def.ghi"]) {
      const res = await call(adminDetails, request("GET", "/api/admin/admin-details", { token }));
      expect(res.status).toBe(401);
    }
  });

  it("ends existing tokens and cookies when the session version is raised or the studio is deactivated", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const cookie = await sessionCookieFor(studio);
    await db.admin.update({ where: { id: studio.id }, data: { sessionVersion: { increment: 1 } } });
    expect((await call(adminDetails, request("GET", "/x", { token }))).status).toBe(401);
    expect((await call(adminDetails, request("GET", "/x", { cookie }))).status).toBe(401);

    const other = await createStudio();
    const otherToken = await bearerFor(other);
    await db.admin.update({ where: { id: other.id }, data: { status: "NOT_ACTIVE" } });
    expect((await call(adminDetails, request("GET", "/x", { token: otherToken }))).status).toBe(401);
  });

  it("stops a deleted account at once", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    await db.admin.delete({ where: { id: studio.id } });
    expect((await call(adminDetails, request("GET", "/x", { token }))).status).toBe(401);
  });
});
