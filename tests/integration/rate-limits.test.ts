// Rate limits with their state in Postgres: the 11th try within a minute, per client IP and per
// account, gets 429 with Retry-After and a message; other IPs and accounts are not affected; two
// concurrent bursts cannot get more than the limit through; expired buckets are deleted.
import { randomUUID } from "node:crypto";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as registerRoute } from "@/app/api/admin/register/route";
import { POST as validatePassword } from "@/app/api/validate-password/route";
import { GET as impersonate } from "@/app/api/admin/impersonate/[id]/route";
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { hit, RATE_WINDOW_MS } from "@/lib/security/rate-limit";
import { clientIp } from "@/lib/security/client-ip";
import { TEXTS } from "@/lib/texts";
import { db } from "@/lib/db";
import { CLIENT_COUNTS, COMPANY_SIZES, DELIVERY_TYPES, JOB_TYPES, MEDIA_TYPES, PROJECT_SIZES } from "@/lib/signup-options";
import { createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { call, request, sessionCookieFor } from "../helpers/requests";
import { runInScope } from "../helpers/request-scope";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

const ip = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 6)}`;
const loginAs = (email: string, from: string, password = "wrong-password-1") =>
  call(login, request("POST", "/api/admin/login", { body: { email, password }, headers: { "x-real-ip": from } }));

async function expect429(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(120);
  expect((await res.json()).message).toBe(TEXTS.tooManyAttempts);
}

// Keep every burst inside one minute bucket, so the sliding weight of the previous bucket is ~0.
beforeEach(async () => {
  const into = Date.now() % RATE_WINDOW_MS;
  if (into > RATE_WINDOW_MS - 15_000) await new Promise((r) => setTimeout(r, RATE_WINDOW_MS - into + 200));
});

describe("POST /api/admin/login", () => {
  it("answers the 11th try within a minute for one account with 429 and Retry-After, even from new IPs", async () => {
    const studio = await createStudio();
    for (let i = 0; i < 10; i++) expect((await loginAs(studio.email, ip())).status).toBe(401);
    await expect429(await loginAs(studio.email, ip()));
    // The right password does not get through either while limited.
    await expect429(await loginAs(studio.email, ip(), TEST_PASSWORD));
  });

  it("limits one IP across many accounts, and leaves other IPs and accounts alone", async () => {
    const from = ip();
    for (let i = 0; i < 10; i++) expect((await loginAs(`nobody-${i}-${randomUUID()}@example.test`, from)).status).toBe(401);
    await expect429(await loginAs(`another-${randomUUID()}@example.test`, from));
    const other = await createStudio();
    expect((await loginAs(other.email, ip(), TEST_PASSWORD)).status).toBe(200);
  });
});

describe("next-auth's credentials sign-in (the browser form)", () => {
  it("answers the 11th try with 429, Retry-After and a url carrying the message for the form", async () => {
    const studio = await createStudio();
    const attempt = () => {
      const req = request("POST", "/api/auth/callback/credentials", {
        rawBody: new URLSearchParams({ email: studio.email, password: "wrong-password-1", json: "true" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-real-ip": ip() },
      });
      return runInScope(req, () => nextAuthPost(req, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }));
    };
    for (let i = 0; i < 10; i++) expect((await attempt()).status).not.toBe(429);
    const res = await attempt();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const body = await res.json();
    expect(body.message).toBe(TEXTS.tooManyAttempts);
    expect(new URL(body.url).searchParams.get("error")).toBe(TEXTS.tooManyAttempts);
    // Reading the session is not an attempt.
    const get = request("GET", "/api/auth/session", { headers: { "x-real-ip": ip() } });
    expect((await runInScope(get, () => nextAuthGet(get, { params: Promise.resolve({ nextauth: ["session"] }) }))).status).toBe(200);
  });
});

describe("POST /api/admin/register", () => {
  it("answers the 11th sign-up from one IP with 429", async () => {
    const from = ip();
    const body = (i: number) => ({
      name: "Rate Test", email: `rate-${i}-${randomUUID().slice(0, 8)}@example.test`, password: "password-123", companyName: "Co", websiteUrl: "example.com",
      companySize: COMPANY_SIZES[0], mediaType: [MEDIA_TYPES[0]], jobType: JOB_TYPES[0], numberOfClients: CLIENT_COUNTS[0], projectSize: PROJECT_SIZES[0], deliveryType: [DELIVERY_TYPES[0]],
    });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await call(registerRoute, request("POST", "/api/admin/register", { body: body(i), headers: { "x-real-ip": from } }));
      statuses.push(res.status);
      if (i === 10) await expect429(res);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
  });
});

describe("POST /api/validate-password", () => {
  it("answers the 11th check of one account with 429", async () => {
    const studio = await createStudio();
    const cookie = await sessionCookieFor(studio);
    const check = () => call(validatePassword, request("POST", "/api/validate-password", { cookie, body: { email: studio.email, password: "guess-123456" }, headers: { "x-real-ip": ip() } }));
    for (let i = 0; i < 10; i++) expect((await check()).status).toBe(200);
    await expect429(await check());
  });
});

describe("impersonation", () => {
  it("limits a super admin's one-time links and the trades of tokens from one IP", async () => {
    const admin = await createSuperadmin();
    const studio = await createStudio();
    const cookie = await sessionCookieFor(admin);
    const issue = () => call(impersonate, request("GET", `/api/admin/impersonate/${studio.id}`, { cookie, headers: { "x-real-ip": ip() } }), { id: studio.id });
    for (let i = 0; i < 10; i++) expect((await issue()).status).toBe(200);
    await expect429(await issue());

    const from = ip();
    const trade = () => {
      const req = request("POST", "/api/auth/callback/impersonate", {
        rawBody: new URLSearchParams({ token: randomUUID(), json: "true" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-real-ip": from },
      });
      return runInScope(req, () => nextAuthPost(req, { params: Promise.resolve({ nextauth: ["callback", "impersonate"] }) }));
    };
    for (let i = 0; i < 10; i++) expect((await trade()).status).not.toBe(429);
    expect((await trade()).status).toBe(429);
  });
});

describe("the counter in Postgres", () => {
  it("lets exactly 10 of two concurrent bursts of 15 through (the upsert is atomic)", async () => {
    const key = `test:burst:${randomUUID()}`;
    const now = Math.floor(Date.now() / RATE_WINDOW_MS) * RATE_WINDOW_MS + 1000;
    const results = await Promise.all(Array.from({ length: 30 }, () => hit(key, 10, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("counts the previous minute's attempts by how much of it is still inside the last minute", async () => {
    const key = `test:slide:${randomUUID()}`;
    const start = Math.floor(Date.now() / RATE_WINDOW_MS) * RATE_WINDOW_MS;
    for (let i = 0; i < 10; i++) await hit(key, 10, start - 1000); // 10 tries at the end of the last bucket
    expect((await hit(key, 10, start + 1000)).allowed).toBe(false); // 1 s later: still ~10 in the last minute
    expect((await hit(key, 10, start + 55_000)).allowed).toBe(true); // most of them have slid out
  });

  it("deletes buckets that can no longer count", async () => {
    const key = `test:old:${randomUUID()}`;
    await db.$executeRaw`INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${new Date(Date.now() - 3600_000)}, 5)`;
    await hit(`test:trigger:${randomUUID()}`, 10, Date.now() + 5 * RATE_WINDOW_MS);
    expect(await db.rateLimit.count({ where: { key } })).toBe(0);
  });
});

describe("the client address", () => {
  const h = (o: Record<string, string>) => new Headers(o);
  afterEach(() => delete process.env.TRUST_PROXY);

  it("without TRUST_PROXY: x-real-ip, else the last x-forwarded-for entry (Next's socket address)", () => {
    expect(clientIp(h({ "x-real-ip": "203.0.113.9", "x-forwarded-for": "1.1.1.1" }))).toBe("203.0.113.9");
    expect(clientIp(h({ "x-forwarded-for": "1.1.1.1, 203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientIp(h({ "x-forwarded-for": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
    expect(clientIp(h({}))).toBe("unknown");
  });

  it("with TRUST_PROXY: the entry the trusted proxies saw (first hop for one overwriting proxy)", () => {
    process.env.TRUST_PROXY = "true";
    expect(clientIp(h({ "x-forwarded-for": "198.51.100.4", "x-real-ip": "9.9.9.9" }))).toBe("198.51.100.4");
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 198.51.100.4" }))).toBe("198.51.100.4");
    process.env.TRUST_PROXY = "2";
    expect(clientIp(h({ "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" }))).toBe("198.51.100.4");
  });
});
