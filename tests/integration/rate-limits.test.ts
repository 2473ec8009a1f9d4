// Rate limits with their state in Postgres: the 11th try within a minute, per client address and
// per account, gets 429 with Retry-After and a message; other addresses and accounts are not
// affected; two concurrent bursts cannot get more than the limit through; expired buckets are
// deleted; the client address comes from the socket (or TRUST_PROXY's hop), never from a header a
// client chose. The back-off on failures and the secret doors' matrix: throttle.test.ts, secret-doors.test.ts.
import { randomUUID } from "node:crypto";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as registerRoute } from "@/app/api/admin/register/route";
import { POST as validatePassword } from "@/app/api/validate-password/route";
import { GET as impersonate } from "@/app/api/admin/impersonate/[id]/route";
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { hit, RATE_WINDOW_MS } from "@/lib/security/rate-limit";
import { addressBucket, clientAddress, trustedHops, UNKNOWN_ADDRESS } from "@/lib/security/client-ip";
import { SOCKET_HEADER } from "@/server/constants.cjs";
import { socketStamp } from "@/server/socket-address.cjs";
import { TEXTS } from "@/lib/texts";
import { db } from "@/lib/db";
import { CLIENT_COUNTS, COMPANY_SIZES, DELIVERY_TYPES, JOB_TYPES, MEDIA_TYPES, PROJECT_SIZES } from "@/lib/services/access/rules/signup-options";
import { createStudio, createSuperadmin, TEST_PASSWORD } from "../helpers/factories";
import { call, request, sessionCookieFor, someAddress } from "../helpers/requests";
import { runInScope } from "../helpers/request-scope";

jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

const loginAs = (email: string, from: string, password = "wrong-password-1") => call(login, request("POST", "/api/admin/login", { body: { email, password }, from }));

async function expect429(res: Response, message: string = TEXTS.tooManyAttempts) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(900);
  expect((await res.json()).message).toBe(message);
}

// Keep every burst inside one minute bucket, so the sliding weight of the previous bucket is ~0.
beforeEach(async () => {
  const into = Date.now() % RATE_WINDOW_MS;
  if (into > RATE_WINDOW_MS - 15_000) await new Promise((r) => setTimeout(r, RATE_WINDOW_MS - into + 200));
});

describe("POST /api/admin/login", () => {
  it("answers 429 with Retry-After within 10 tries for one account, even from new addresses, and refuses the right password then", async () => {
    const studio = await createStudio();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await loginAs(studio.email, someAddress())).status);
    // Five free failures, then the account backs off; by the 11th the minute's window is full too.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    await expect429(await loginAs(studio.email, someAddress()));
    await expect429(await loginAs(studio.email, someAddress(), TEST_PASSWORD));
  });

  it("limits one address across many accounts, and leaves other addresses and accounts alone", async () => {
    const from = someAddress();
    for (let i = 0; i < 10; i++) expect((await loginAs(`nobody-${i}-${randomUUID()}@example.test`, from)).status).toBe(401);
    await expect429(await loginAs(`another-${randomUUID()}@example.test`, from));
    const other = await createStudio();
    expect((await loginAs(other.email, someAddress(), TEST_PASSWORD)).status).toBe(200);
  });

  it("counts the account by its parsed email: case and spaces do not make a new account", async () => {
    const studio = await createStudio();
    const variants = [studio.email, studio.email.toUpperCase(), ` ${studio.email} `, studio.email.replace(/^./, (c) => c.toUpperCase())];
    for (let i = 0; i < 10; i++) await loginAs(variants[i % variants.length], someAddress());
    await expect429(await loginAs(`  ${studio.email.toUpperCase()}`, someAddress(), TEST_PASSWORD));
  });
});

describe("next-auth's credentials sign-in (the browser form)", () => {
  it("answers 429 with Retry-After and a url carrying the message for the form", async () => {
    const studio = await createStudio();
    const attempt = () => {
      const req = request("POST", "/api/auth/callback/credentials", {
        rawBody: new URLSearchParams({ email: studio.email, password: "wrong-password-1", json: "true" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        from: someAddress(),
      });
      return runInScope(req, () => nextAuthPost(req, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }));
    };
    for (let i = 0; i < 10; i++) await attempt();
    const res = await attempt();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const body = await res.json();
    expect(body.message).toBe(TEXTS.tooManyAttempts);
    expect(new URL(body.url).searchParams.get("error")).toBe(TEXTS.tooManyAttempts);
    // Reading the session is not an attempt.
    const get = request("GET", "/api/auth/session", { from: someAddress() });
    expect((await runInScope(get, () => nextAuthGet(get, { params: Promise.resolve({ nextauth: ["session"] }) }))).status).toBe(200);
  });
});

describe("POST /api/admin/register", () => {
  const body = (email: string) => ({
    name: "Rate Test",
    email,
    password: "password-123",
    companyName: "Co",
    websiteUrl: "example.com",
    companySize: COMPANY_SIZES[0],
    mediaType: [MEDIA_TYPES[0]],
    jobType: JOB_TYPES[0],
    numberOfClients: CLIENT_COUNTS[0],
    projectSize: PROJECT_SIZES[0],
    deliveryType: [DELIVERY_TYPES[0]],
  });
  const signUp = (email: string, from: string) => call(registerRoute, request("POST", "/api/admin/register", { body: body(email), from }));

  it("answers the 11th sign-up from one address with 429", async () => {
    const from = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signUp(`rate-${i}-${randomUUID().slice(0, 8)}@example.test`, from)).status);
    expect(statuses).toEqual(Array(10).fill(201));
    await expect429(await signUp(`rate-x-${randomUUID().slice(0, 8)}@example.test`, from));
  });

  it("answers the 11th sign-up for one email (from anywhere) with 429", async () => {
    const email = `rate-one-${randomUUID().slice(0, 8)}@example.test`;
    for (let i = 0; i < 10; i++) expect((await signUp(i % 2 ? email.toUpperCase() : email, someAddress())).status).toBe(201);
    await expect429(await signUp(email, someAddress()));
  });
});

describe("POST /api/validate-password", () => {
  it("answers 429 within 10 checks of one account", async () => {
    const studio = await createStudio();
    const cookie = await sessionCookieFor(studio);
    const check = () => call(validatePassword, request("POST", "/api/validate-password", { cookie, body: { email: studio.email, password: "guess-123456" }, from: someAddress() }));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await check()).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    await expect429(await check());
  });
});

describe("impersonation", () => {
  it("limits a super admin's one-time links and the trades of tokens from one address", async () => {
    const admin = await createSuperadmin();
    const studio = await createStudio();
    const cookie = await sessionCookieFor(admin);
    const issue = () => call(impersonate, request("GET", `/api/admin/impersonate/${studio.id}`, { cookie, from: someAddress() }), { id: studio.id });
    for (let i = 0; i < 10; i++) expect((await issue()).status).toBe(200);
    await expect429(await issue());

    const from = someAddress();
    const trade = () => {
      const req = request("POST", "/api/auth/callback/impersonate", {
        rawBody: new URLSearchParams({ token: randomUUID(), json: "true" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        from,
      });
      return runInScope(req, () => nextAuthPost(req, { params: Promise.resolve({ nextauth: ["callback", "impersonate"] }) }));
    };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await trade()).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
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
  const stamped = (address: string, more: Record<string, string> = {}) => h({ [SOCKET_HEADER]: socketStamp(address)!, ...more });
  afterEach(() => delete process.env.TRUST_PROXY);

  it("without TRUST_PROXY: the socket address the production server stamped; X-Real-IP, X-Forwarded-For and Forwarded are ignored", () => {
    const forged = { "x-real-ip": "203.0.113.9", "x-forwarded-for": "1.1.1.1, 203.0.113.7", forwarded: "for=203.0.113.8" };
    expect(clientAddress(stamped("192.0.2.10", forged))).toBe("192.0.2.10");
    expect(clientAddress(stamped("::ffff:127.0.0.1"))).toBe("127.0.0.1");
    // No stamp (plain `next start`, `next dev`): one shared bucket, whatever the headers say.
    expect(clientAddress(h(forged))).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(h({}))).toBe(UNKNOWN_ADDRESS);
  });

  it("a stamp a client wrote itself (wrong MAC, other address, two values) is not believed", () => {
    const real = socketStamp("192.0.2.10")!;
    const mac = real.split(" ")[1];
    expect(clientAddress(h({ [SOCKET_HEADER]: `203.0.113.5 ${mac}` }))).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(h({ [SOCKET_HEADER]: `192.0.2.10 ${"A".repeat(43)}` }))).toBe(UNKNOWN_ADDRESS);
    expect(clientAddress(h({ [SOCKET_HEADER]: `203.0.113.5 x, ${real}` }))).toBe(UNKNOWN_ADDRESS);
  });

  it("with TRUST_PROXY=N: the entry N places from the right of X-Forwarded-For (the outermost trusted proxy's view)", () => {
    process.env.TRUST_PROXY = "true";
    expect(clientAddress(stamped("10.0.0.2", { "x-forwarded-for": "198.51.100.4", "x-real-ip": "9.9.9.9" }))).toBe("198.51.100.4");
    expect(clientAddress(stamped("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 198.51.100.4" }))).toBe("198.51.100.4");
    process.env.TRUST_PROXY = "2";
    expect(clientAddress(h({ "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.2" }))).toBe("198.51.100.4");
    // Garbage where the trusted entry should be: the socket, else the shared bucket.
    expect(clientAddress(stamped("10.0.0.9", { "x-forwarded-for": "evil, not-an-ip" }))).toBe("10.0.0.9");
    for (const [value, hops] of [
      ["0", 0],
      ["false", 0],
      ["3", 3],
      [" TRUE ", 1],
    ] as const) {
      process.env.TRUST_PROXY = value;
      expect(trustedHops()).toBe(hops);
    }
    // A value that is not a number of proxies is a configuration error naming the variable, not a silent 0.
    for (const value of ["nonsense", "-1", "20", "1.5"]) {
      process.env.TRUST_PROXY = value;
      expect(() => trustedHops()).toThrow(/TRUST_PROXY must be the number of proxies in front/);
    }
  });

  it("an IPv6 client is one bucket per /64 (it holds the whole prefix)", () => {
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("192.0.2.1")).toBe("192.0.2.1");
  });
});
