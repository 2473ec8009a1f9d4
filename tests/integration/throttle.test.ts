// The secrets throttle (lib/security/throttle.ts, backoff.ts): back-off that doubles after five
// free failures up to a cap, one attempt at a time through a backed-off key, a success that clears
// it, failures forgotten after a day, and the owner's known browser kept out of an attacker's
// lock-out. Plus the holes of issue 17 #1 it closes: next-auth's JSON body, a repeated email field,
// the profile's current password, and forged address headers.
import { randomUUID } from "node:crypto";
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as updateProfile } from "@/app/api/update-profile/route";
import { admit, backoffDelayMs, clearKeys, FAILURE_MEMORY_MS, recordFailure, type BackoffPolicy } from "@/lib/security/backoff";
import { knownCookieName, POLICIES } from "@/lib/security/throttle";
import { TEXTS } from "@/lib/texts";
import { db } from "@/lib/db";
import { createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { call, request, sessionCookieFor, someAddress } from "../helpers/requests";
import { runInScope } from "../helpers/request-scope";
import { signInThroughNextAuth } from "../helpers/next-auth";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);
jest.setTimeout(60_000);

const policy: BackoffPolicy = { free: 5, baseMs: 1000, capMs: 60_000 };
const key = () => `test:backoff:${randomUUID()}`;

describe("back-off", () => {
  it("is free for 5 failures, then 1 s, 2 s, 4 s … up to the cap", async () => {
    expect([0, 1, 4].map((n) => backoffDelayMs(n, policy))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 12, 40].map((n) => backoffDelayMs(n, policy))).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
    const k = key();
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) {
      expect(await admit(k, policy, t0 + i)).toEqual({ admitted: true });
      await recordFailure(k, policy, t0 + i);
    }
    expect(await admit(k, policy, t0 + 500)).toEqual({ admitted: false, retryAfterSec: 1 });
    expect(await admit(k, policy, t0 + 1100)).toEqual({ admitted: true });
    await recordFailure(k, policy, t0 + 1100);
    expect(await admit(k, policy, t0 + 1200)).toEqual({ admitted: false, retryAfterSec: 2 });
    for (let i = 0; i < 10; i++) await recordFailure(k, policy, t0 + 2000);
    expect(await admit(k, policy, t0 + 2000)).toEqual({ admitted: false, retryAfterSec: 60 });
  });

  it("lets one attempt at a time through a backed-off key, however many arrive together", async () => {
    const k = key();
    const t0 = Date.now();
    for (let i = 0; i < 6; i++) await recordFailure(k, policy, t0 - 10_000);
    const results = await Promise.all(Array.from({ length: 12 }, () => admit(k, policy, t0)));
    expect(results.filter((r) => r.admitted)).toHaveLength(1);
  });

  it("starts afresh after a success, and after a day without failures", async () => {
    const k = key();
    const t0 = Date.now();
    for (let i = 0; i < 8; i++) await recordFailure(k, policy, t0);
    expect((await admit(k, policy, t0)).admitted).toBe(false);
    await clearKeys([k]);
    expect((await admit(k, policy, t0)).admitted).toBe(true);
    for (let i = 0; i < 8; i++) await recordFailure(k, policy, t0);
    expect((await admit(k, policy, t0 + FAILURE_MEMORY_MS + 1000)).admitted).toBe(true);
    await recordFailure(k, policy, t0 + FAILURE_MEMORY_MS + 1000);
    expect((await db.secretBackoff.findUniqueOrThrow({ where: { key: k } })).failures).toBe(1);
  });

  it("keeps the real account's caps short enough to wait out: 5 min account-wide, 15 min for one address", () => {
    for (const p of Object.values(POLICIES)) {
      expect(p.account.capMs).toBeLessThanOrEqual(5 * 60_000);
      expect(p.pair.capMs).toBeLessThanOrEqual(15 * 60_000);
      expect(p.account.free).toBeGreaterThanOrEqual(3);
    }
  });
});

function signIn(fields: Record<string, string> | string, opts: { from?: string; json?: boolean; cookie?: string } = {}) {
  const json = opts.json ?? false;
  const rawBody = typeof fields === "string" ? fields : json ? JSON.stringify({ ...fields, json: "true" }) : new URLSearchParams({ ...fields, json: "true" }).toString();
  const req = request("POST", "/api/auth/callback/credentials", {
    rawBody,
    headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded", ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    from: opts.from ?? someAddress(),
  });
  return runInScope(req, () => nextAuthPost(req, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }));
}
const sessionOf = (res: Response) => res.headers.getSetCookie().find((c) => /^next-auth\.session-token=[^;]/.test(c));

describe("issue 17 #1: every way into the password check is counted on what is verified", () => {
  it.each([
    ["a studio", false],
    ["the super admin", true],
  ])("30 wrong guesses at %s through next-auth with a JSON body, then the right password: 429, no session", async (_who, superadmin) => {
    const account = superadmin ? await createSuperadmin() : await createStudio();
    const role: Record<string, string> = superadmin ? { role: "superadmin" } : {};
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) statuses.add((await signIn({ email: account.email, password: `wrong-${i}`, ...role }, { json: true })).status);
    expect([...statuses].sort()).toEqual([401, 429]);
    const right = await signIn({ email: account.email, password: TEST_PASSWORD, ...role }, { json: true });
    expect(right.status).toBe(429);
    expect(sessionOf(right)).toBeUndefined();
  });

  it("a form with the email field twice is refused (400) and never verified, so guessing behind a decoy opens nothing", async () => {
    const victim = await createStudio();
    for (let i = 0; i < 12; i++) {
      const res = await signIn(`email=decoy-${i}%40example.test&email=${encodeURIComponent(victim.email)}&password=wrong-${i}&json=true`);
      expect(res.status).toBe(400);
    }
    const res = await signIn(`email=decoy%40example.test&email=${encodeURIComponent(victim.email)}&password=${TEST_PASSWORD}&json=true`);
    expect(res.status).toBe(400);
    expect(sessionOf(res)).toBeUndefined();
    expect((await res.json()).message).toMatch(/more than once/);
  });

  it("malformed, nested and oversized sign-in bodies are a 400 with a message, never a 500", async () => {
    const bodies: [string, boolean][] = [
      ["{", true],
      ['{"email":', true],
      ["[1,2]", true],
      ['{"email":{"$ne":null},"password":"x"}', true],
      [JSON.stringify({ email: "a@b.cd", password: "x".repeat(11 * 1024 * 1024) }), true],
      [`email=a%40b.cd&password=${"x".repeat(20_000)}`, false],
    ];
    for (const [raw, json] of bodies) {
      const res = await signIn(raw, { json });
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
  });

  it("the profile's current password: 30 wrong, then the right one, is 429 (it was unlimited)", async () => {
    const studio = await createStudio();
    const cookie = await sessionCookieFor(studio);
    const update = (currentPassword: string) =>
      call(updateProfile, request("POST", "/api/update-profile", { cookie, body: { name: studio.name, email: studio.email, currentPassword }, from: someAddress() }));
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) statuses.add((await update(`wrong-${i}`)).status);
    expect([...statuses].sort()).toEqual([400, 429]);
    const right = await update(TEST_PASSWORD);
    expect(right.status).toBe(429);
    expect((await right.json()).message).toBe(TEXTS.tooManyAttempts);
  });

  it("forged X-Real-IP / X-Forwarded-For / Forwarded do not choose the address bucket", async () => {
    const from = someAddress();
    const forged = (i: number) => ({ "x-real-ip": `203.0.113.${i}`, "x-forwarded-for": `198.18.0.${i}`, forwarded: `for=192.0.2.${i}` });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(login, request("POST", "/api/admin/login", { body: { email: `nobody-${randomUUID()}@example.test`, password: "wrong-pass" }, headers: forged(i), from }));
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe("lock-out: an attacker slows the account for strangers, not for the owner's own browser", () => {
  it("the owner's browser, known from an earlier sign-in, still signs in while the account is backed off", async () => {
    const studio = await createStudio();
    const right = { email: studio.email, password: TEST_PASSWORD };
    // The owner signed in on this browser before: it got the known-device cookie.
    const first = await signInThroughNextAuth(right);
    expect(first.session).toBeDefined();
    const known = first.cookies.find((c) => c.startsWith(`${knownCookieName("password", studio.email)}=`));
    expect(known).toMatch(/HttpOnly/i);
    const cookie = known!.split(";")[0];

    // An attacker from many addresses: the account backs off, then the minute's window fills.
    for (let i = 0; i < 12; i++) await signIn({ email: studio.email, password: `wrong-${i}` });
    expect((await signInThroughNextAuth(right)).res.status).toBe(429);

    // The owner's browser is counted in buckets of its own.
    const owner = await signInThroughNextAuth(right, { cookie });
    expect(owner.res.status).toBe(200);
    expect(owner.session).toBeDefined();
    // A forged known-device cookie, or another account's, does not help.
    const forged = `${knownCookieName("password", studio.email)}=${Math.floor(Date.now() / 1000)}.${"A".repeat(43)}`;
    expect((await signInThroughNextAuth(right, { cookie: forged })).res.status).toBe(429);
    const other = await createStudio();
    const otherKnown = (await signInThroughNextAuth({ email: other.email, password: TEST_PASSWORD })).cookies.find((c) => c.startsWith("vf_known_"))!.split(";")[0];
    expect((await signInThroughNextAuth(right, { cookie: otherKnown })).res.status).toBe(429);
  });

  it("a bearer sign-in that succeeds clears the back-off it was counted under", async () => {
    const studio = await createStudio();
    const from = someAddress();
    for (let i = 0; i < 4; i++) expect((await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: "wrong-pass" }, from }))).status).toBe(401);
    const ok = await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: TEST_PASSWORD }, from }));
    expect(ok.status).toBe(200);
    expect(await db.secretBackoff.count({ where: { key: { contains: studio.email } } })).toBe(0);
    const { token } = await ok.json();
    expect((await call(adminDetails, request("GET", "/api/admin/admin-details", { token }))).status).toBe(200);
  });
});
