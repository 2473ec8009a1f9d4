// Structured logs: every line is JSON, lines written while serving a request carry its id (the
// proxy's, or a new one), a job queued by a request carries that id, an unexpected error is logged
// once with its cause, and no password, token, cookie or configured secret reaches any line.
jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

import { Writable } from "node:stream";
import { NextResponse } from "next/server";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as registerRoute } from "@/app/api/admin/register/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { POST as validatePassword } from "@/app/api/validate-password/route";
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { PUT as setAccess } from "@/app/api/galleries/gallery/[id]/access/route";
import { POST as unlock } from "@/app/api/public/galleries/[slug]/unlock/route";
import { createLogger, scrubSecrets } from "@/lib/log";
import { proxy } from "@/proxy";
import { errorResponse, served } from "@/lib/http";
import { enqueue } from "@/lib/jobs/queue";
import { videoJob } from "@/lib/jobs/kinds";
import { db } from "@/lib/db";
import { createFolderWithGallery, createStudio, TEST_PASSWORD } from "../helpers/factories";
import { call, request, sessionCookieFor } from "../helpers/requests";
import { runInScope } from "../helpers/request-scope";
import { captureLogs } from "../helpers/captured-logs";

const logs = captureLogs();
const lines = logs.lines;
beforeEach(() => logs.clear());

const SIGNUP_PASSWORD = `Signup-${Date.now()}-pw!`;
const GALLERY_PASSWORD = `Gallery-${Date.now()}-pw`;

describe("structured logs", () => {
  it("get their request id from the proxy: a new one, or a load balancer's when it looks like one", async () => {
    const fresh = await proxy(request("GET", "/api/health"));
    const id = fresh.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Forwarded to the handler on the request (Next's way of overriding request headers).
    expect(fresh.headers.get("x-middleware-request-x-request-id")).toBe(id);
    const kept = await proxy(request("GET", "/login", { headers: { "x-request-id": "lb-1234567890abcdef" } }));
    expect(kept.headers.get("x-request-id")).toBe("lb-1234567890abcdef");
    const refused = await proxy(request("GET", "/api/health", { headers: { "x-request-id": "x" } }));
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Answers the proxy gives itself (a refusal, a redirect) carry it too.
    expect((await proxy(request("GET", "/api/admin/admin-details"))).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect((await proxy(request("GET", "/studio/galleries"))).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("write one JSON access line per request, with the proxy's request id and the acting studio", async () => {
    const studio = await createStudio();
    const res = await call(adminDetails, request("GET", "/api/admin/admin-details", { cookie: await sessionCookieFor(studio), headers: { "x-request-id": "req-from-proxy-0001" } }));
    expect(res.status).toBe(200);
    const access = lines().filter((l) => l.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ level: "info", requestId: "req-from-proxy-0001", adminId: studio.id, method: "GET", path: "/api/admin/admin-details", status: 200 });
    expect(typeof access[0].ms).toBe("number");
  });

  it("give a request without a usable id a new one, and never take an id with odd characters", async () => {
    await call(adminDetails, request("GET", "/api/admin/admin-details", { headers: { "x-request-id": "bad id <script> with spaces" } }));
    const [line] = lines().filter((l) => l.msg === "request");
    expect(line.status).toBe(401);
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("carry the request id into the job the request queues", async () => {
    const studio = await createStudio();
    const { gallery } = await createFolderWithGallery(studio.id, { videos: 1 });
    const video = await db.video.findFirstOrThrow({ where: { galleryId: gallery.id } });
    const req = request("POST", "/api/anything", { headers: { "x-request-id": "req-queues-a-job-01" } });
    await served(req, async () => {
      await enqueue(videoJob, { videoId: video.id, thumbnailOnly: true });
      return NextResponse.json({});
    });
    const rows = await db.$queryRaw<{ data: { requestId?: string } }[]>`SELECT data FROM pgboss.job WHERE data->>'videoId' = ${video.id}`;
    expect(rows.map((r) => r.data.requestId)).toContain("req-queues-a-job-01");
  });

  it("log an unexpected error once, at error level, with its cause and the request id", async () => {
    const req = request("GET", "/api/anything", { headers: { "x-request-id": "req-with-a-fault-1" } });
    const res = await served(req, async () => errorResponse(new Error("the render failed", { cause: new Error("disk quota exceeded") })));
    expect(res.status).toBe(500);
    const errors = lines().filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: "unexpected error", requestId: "req-with-a-fault-1", err: { message: "the render failed", cause: { message: "disk quota exceeded" } } });
  });

  it("never contain a password, a bearer token, a session cookie or a configured secret", async () => {
    // A sign-up, password sign-ins (right and wrong, API and browser form), a password check, a
    // gallery password set and tried, a bearer-authenticated call: everything that handles secrets.
    const email = `logs-${Date.now()}@example.test`;
    const signup = {
      name: "Log Films",
      email,
      password: SIGNUP_PASSWORD,
      companyName: "Log Films",
      websiteUrl: "logfilms.example",
      companySize: "2-5",
      mediaType: ["Real Estate"],
      jobType: "Video + Photo(Hybrid)",
      numberOfClients: "11-50",
      projectSize: "25-50GB",
      deliveryType: ["USB"],
      heardOption: "Friend or Family",
    };
    expect((await call(registerRoute, request("POST", "/api/admin/register", { body: signup }))).status).toBe(201);
    await call(login, request("POST", "/api/admin/login", { body: { email, password: SIGNUP_PASSWORD } }));

    const studio = await createStudio();
    const ok = await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: TEST_PASSWORD } }));
    expect(ok.status).toBe(200);
    const { token } = (await ok.json()) as { token: string };
    expect(token).toBeTruthy();
    await call(login, request("POST", "/api/admin/login", { body: { email: studio.email, password: `${TEST_PASSWORD}-wrong` } }));
    const cookie = await sessionCookieFor(studio);
    await call(adminDetails, request("GET", "/api/admin/admin-details", { token }));
    await call(validatePassword, request("POST", "/api/validate-password", { cookie, body: { email: studio.email, password: TEST_PASSWORD } }));
    const form = request("POST", "/api/auth/callback/credentials", {
      rawBody: new URLSearchParams({ email: studio.email, password: TEST_PASSWORD, json: "true" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "next-auth.session-token=not-a-real-jwt-value-123456" },
    });
    await runInScope(form, () => nextAuthPost(form, { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) }));

    const { gallery } = await createFolderWithGallery(studio.id);
    expect((await call(setAccess, request("PUT", `/api/galleries/gallery/${gallery.id}/access`, { cookie, body: { password: GALLERY_PASSWORD } }), { id: gallery.id })).status).toBe(200);
    await call(unlock, request("POST", `/api/public/galleries/${gallery.customUrl}/unlock`, { body: { password: GALLERY_PASSWORD } }), { slug: gallery.customUrl });
    await call(unlock, request("POST", `/api/public/galleries/${gallery.customUrl}/unlock`, { body: { password: `${GALLERY_PASSWORD}-wrong` } }), { slug: gallery.customUrl });

    const text = logs.text();
    expect(lines().filter((l) => l.msg === "request").length).toBeGreaterThanOrEqual(10);
    const secrets = [SIGNUP_PASSWORD, TEST_PASSWORD, GALLERY_PASSWORD, token, cookie.split("=")[1], "not-a-real-jwt-value-123456", process.env.AUTH_SECRET!, process.env.S3_SECRET_ACCESS_KEY].filter(
      (s): s is string => !!s,
    );
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    for (const s of secrets) expect(text).not.toContain(s);
  });

  it("scrub configured secret values even from free text, and censor credential fields", async () => {
    const sink: string[] = [];
    const logger = createLogger({
      level: "info",
      env: { AUTH_SECRET: "an-auth-secret-of-some-length", DATABASE_URL: "postgres://app:db-pass-9876@db.internal/vidfolio", STRIPE_SECRET_KEY: 'sk_test_with"quote' } as unknown as NodeJS.ProcessEnv,
      destination: new Writable({ write: (c, _e, done) => (sink.push(String(c)), done()) }),
    });
    logger.error(
      {
        err: new Error("connect to postgres://app:db-pass-9876@db.internal failed"),
        body: { password: "hunter2-hunter2", nested: { token: "tkn" } },
        headers: { authorization: "Bearer abc", cookie: "a=b" },
      },
      'signing with an-auth-secret-of-some-length and sk_test_with"quote',
    );
    const out = sink.join("");
    for (const s of ["an-auth-secret-of-some-length", "db-pass-9876", "hunter2-hunter2", "Bearer abc", "a=b", "sk_test_with", '"tkn"']) expect(out).not.toContain(s);
    expect(JSON.parse(out)).toMatchObject({ body: { password: "[redacted]", nested: { token: "[redacted]" } }, headers: { authorization: "[redacted]", cookie: "[redacted]" } });
    expect(scrubSecrets("a secret b", ["secret"])).toBe("a [redacted] b");
  });
});
