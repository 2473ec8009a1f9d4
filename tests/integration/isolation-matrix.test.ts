// The isolation matrix: every API route handler (discovered from app/api/**/route.ts) × every
// method it exports × {no credentials, studio B's cookie, bearer and API key acting on studio A's
// ids, expired and tampered tokens, revoked and made-up keys, a key in a cookie}. Each call must be refused (401/403/404) unless the route is public
// by design (PUBLIC_ROUTES, with its reason), must not show any of studio A's data, and must leave
// every row and stored object of A (and, for the anonymous calls, of B) exactly as it was. Every
// refusal carries a code docs/api.md ("Errors") lists with its status, beside its message.
import { createHash, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import { db } from "@/lib/db";
import { encode } from "next-auth/jwt";
import { createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, bodyText, request, secret, sessionCookieFor } from "../helpers/requests";
import { discoverRoutes, fillPath, loadHandlers, publicChanges, publicReason, wrapperOf, type Handler, type Method, type RouteFile } from "../helpers/routes";
import { createStudioWithData, neverPublicMarkers, privateMarkers, segmentValues, type StudioData } from "../helpers/route-fixtures";
import { BODIES, type Probe } from "../helpers/route-bodies";
import { snapshot } from "../helpers/snapshot";
import { errorShapeProblem } from "../helpers/error-shape";
import type { Admin } from "@/generated/prisma/client";

import { runInScope } from "../helpers/request-scope";

// next-auth's route handler reads the request through next/headers (see the helper).
jest.mock("next/headers", () => jest.requireActual("../helpers/request-scope").nextHeaders);

const ROUTES = discoverRoutes();
const REFUSED = [401, 403, 404];

type Identity = { name: string; anonymous: boolean; headers: () => Promise<Record<string, string>> };

let A: StudioData;
let B: StudioData;
let identities: Identity[];

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

/**
 * A fresh API key of the studio with every scope (issue 38), one per route and method, so the
 * per-key rate limit never decides an answer; `revoked`: revoked before it is used.
 */
async function apiKeyOf(adminId: string, opts: { revoked?: boolean } = {}): Promise<string> {
  const prefix = randomBytes(6).toString("hex").slice(0, 8);
  const secret = randomBytes(32).toString("base64url");
  const secretHash = createHash("sha256").update(secret).digest("hex");
  await db.apiKey.create({ data: { adminId, name: "Matrix", scopes: ["read", "write", "uploads", "insights", "webhooks"], prefix, secretHash, revokedAt: opts.revoked ? new Date() : null } });
  return `vf_key_${prefix}_${secret}`;
}

beforeAll(async () => {
  A = await createStudioWithData();
  B = await createStudioWithData();
  const b = B.admin;
  const cookieB = await sessionCookieFor(b);
  const bearerB = await bearerFor(b);
  const [head, , sig] = bearerB.split(".");
  const now = Math.floor(Date.now() / 1000);
  identities = [
    { name: "no credentials", anonymous: true, headers: async () => ({}) },
    { name: "studio B's session cookie", anonymous: false, headers: async () => ({ cookie: cookieB }) },
    { name: "studio B's bearer token", anonymous: false, headers: async () => ({ authorization: `Bearer ${bearerB}` }) },
    { name: "studio B's API key (every scope)", anonymous: false, headers: async () => ({ authorization: `Bearer ${await apiKeyOf(b.id)}` }) },
    { name: "studio B's revoked API key", anonymous: true, headers: async () => ({ authorization: `Bearer ${await apiKeyOf(b.id, { revoked: true })}` }) },
    { name: "studio A's key prefix with a made-up secret", anonymous: true, headers: async () => ({ authorization: `Bearer vf_key_${A.apiKey.prefix}_${randomBytes(32).toString("base64url")}` }) },
    { name: "studio B's API key in the session cookie", anonymous: true, headers: async () => ({ cookie: `next-auth.session-token=${await apiKeyOf(b.id)}` }) },
    { name: "studio B's expired bearer token", anonymous: true, headers: async () => ({ authorization: `Bearer ${await bearerFor(b, -60)}` }) },
    {
      name: "studio B's expired session cookie",
      anonymous: true,
      headers: async () => ({ cookie: `next-auth.session-token=${await encode({ secret: secret(), maxAge: -3600, token: { sub: b.id, role: b.role, sv: b.sessionVersion } })}` }),
    },
    {
      name: "a bearer token re-written to name studio A (signature kept)",
      anonymous: true,
      headers: async () => ({ authorization: `Bearer ${head}.${b64({ sv: A.admin.sessionVersion, sub: A.admin.id, iss: "vidfolio", aud: "vidfolio-api", iat: now, exp: now + 3600 })}.${sig}` }),
    },
    {
      name: "a bearer token for studio A signed with another secret",
      anonymous: true,
      headers: async () => ({
        authorization: `Bearer ${await new SignJWT({ sv: A.admin.sessionVersion }).setProtectedHeader({ alg: "HS256" }).setSubject(A.admin.id).setIssuer("vidfolio").setAudience("vidfolio-api").setExpirationTime("1h").sign(new TextEncoder().encode("not-the-secret-0123456789"))}`,
      }),
    },
    {
      name: "a tampered session cookie",
      anonymous: true,
      headers: async () => {
        const v = cookieB.slice(cookieB.indexOf("=") + 1);
        const i = Math.floor(v.length / 2);
        return { cookie: `next-auth.session-token=${v.slice(0, i)}${v[i] === "A" ? "B" : "A"}${v.slice(i + 1)}` };
      },
    },
    {
      name: "an unsigned (alg none) token naming studio A",
      anonymous: true,
      headers: async () => ({ authorization: `Bearer ${b64({ alg: "none" })}.${b64({ sub: A.admin.id, sv: 0, iss: "vidfolio", aud: "vidfolio-api", exp: now + 3600 })}.` }),
    },
  ];
});

function probesFor(route: RouteFile, method: Method): Probe[] {
  return BODIES[`${method} ${route.pattern}`]?.(A) ?? [{ body: method === "GET" || method === "DELETE" ? undefined : {} }];
}

async function callRoute(handler: Handler, route: RouteFile, method: Method, params: Record<string, string | string[]>, probe: Probe, headers: Record<string, string>) {
  const url = new URL(fillPath(route, params), "http://localhost:3000");
  for (const [k, v] of Object.entries(probe.query ?? {})) url.searchParams.set(k, v);
  // A unique client address, so the rate limits of one call do not decide another's answer.
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const req = request(method, url.pathname + url.search, { body: probe.body, headers: { ...headers, "x-real-ip": ip, origin: "http://localhost:3000" } });
  const res = await runInScope(req, () => handler(req, { params: Promise.resolve(params) }));
  return { status: res.status, text: await bodyText(res), url: url.pathname + url.search };
}

describe("the route files", () => {
  it("are found (the matrix is not vacuous)", () => {
    expect(ROUTES.length).toBeGreaterThan(30);
  });

  it.each(ROUTES.map((r) => [r.pattern, r] as const))("%s goes through an authorizing wrapper or is listed as public", (_p, route) => {
    const wrapper = wrapperOf(route);
    if (wrapper === "public" || wrapper === "next-auth" || wrapper === "none") {
      expect({
        route: route.file,
        wrapper,
        publicBecause: publicReason(route) ?? "NOT LISTED: add it to PUBLIC_ROUTES in tests/helpers/routes.ts with its reason, or declare it studio/superadmin/actor in lib/contract",
      }).toEqual(expect.objectContaining({ publicBecause: expect.not.stringMatching(/^NOT LISTED/) }));
    }
  });

  it("know every dynamic segment (a new segment name must be added to SEGMENTS)", () => {
    for (const route of ROUTES) expect(() => segmentValues(route, A)).not.toThrow();
  });

  it("server actions: none exist; one added must join this matrix", () => {
    const { execSync } = require("node:child_process") as typeof import("node:child_process");
    const found = execSync(`grep -rlE "^[\\"']use server[\\"']" app components lib || true`, { cwd: require("node:path").resolve(__dirname, "../.."), encoding: "utf8" }).trim();
    expect(found).toBe("");
  });
});

describe.each(ROUTES.map((r) => [r.pattern, r] as const))("%s", (_pattern, route) => {
  const handlers = loadHandlers(route);
  const methods = Object.keys(handlers) as Method[];
  const isPublic = publicReason(route) !== null;

  it.each(methods)("%s: refuses or leaks nothing and changes nothing, for every identity", async (method) => {
    const handler = handlers[method]!;
    const combos = segmentValues(route, A);
    const failures: string[] = [];
    for (const id of identities) {
      const headers = await id.headers();
      const markers = [A.admin.id, A.admin.email, A.folder.id, A.gallery.id, ...A.videos.map((v) => v.id), A.chapter.id, A.upload.id, A.payment.id, A.subscription.id];
      const watched = id.anonymous ? [...markers, B.admin.id, B.admin.email, B.folder.id, B.gallery.id, ...B.videos.map((v) => v.id), B.upload.id] : markers;
      const prefixes = id.anonymous ? [A.admin.id, B.admin.id] : [A.admin.id];
      const before = await snapshot(watched, prefixes);
      for (const params of combos) {
        for (const probe of probesFor(route, method)) {
          const r = await callRoute(handler, route, method, params, probe, headers);
          const where = `${method} ${r.url} as ${id.name} (${JSON.stringify(probe.body ?? probe.query ?? null)})`;
          if (r.status >= 500) failures.push(`${where}: ${r.status} ${r.text.slice(0, 200)}`);
          const leaks = (isPublic ? neverPublicMarkers(A) : privateMarkers(A)).filter((m) => r.text.includes(m));
          if (leaks.length) failures.push(`${where}: the answer shows studio A's ${leaks.join(", ")}`);
          if (!isPublic) {
            const namesA = route.segments.length > 0 || (probe.mustRefuse !== false && BODIES[`${method} ${route.pattern}`]);
            if ((id.anonymous || namesA) && !REFUSED.includes(r.status)) failures.push(`${where}: answered ${r.status}, expected 401/403/404: ${r.text.slice(0, 200)}`);
            if (id.anonymous && r.status !== 401) failures.push(`${where}: answered ${r.status} without valid credentials, expected 401`);
            if (!id.anonymous && wrapperOf(route) === "superadmin" && r.status !== 403) failures.push(`${where}: a studio on a super-admin route answered ${r.status}, expected 403`);
          }
          const problem = r.status >= 400 ? errorShapeProblem(r.status, r.text) : null;
          if (problem) failures.push(`${where}: ${problem}`);
        }
      }
      const after = await snapshot(watched, prefixes);
      if (after !== before && !publicChanges(route)) failures.push(`${method} ${route.pattern} as ${id.name}: changed stored data:\n${diff(before, after)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("a studio calling super-admin routes", () => {
  it("gets 403 from every route declared superadmin", async () => {
    const studio = await createStudio();
    const cookie = await sessionCookieFor(studio);
    const superRoutes = ROUTES.filter((r) => wrapperOf(r) === "superadmin");
    expect(superRoutes.length).toBeGreaterThan(0);
    for (const route of superRoutes) {
      for (const [method, handler] of Object.entries(loadHandlers(route)) as [Method, Handler][]) {
        const r = await callRoute(handler, route, method, segmentValues(route, A)[0] ?? {}, probesFor(route, method)[0], { cookie });
        expect([`${method} ${route.pattern}`, r.status]).toEqual([`${method} ${route.pattern}`, 403]);
      }
    }
  });

  it("the super admin itself is let through those routes (the matrix's refusals are not vacuous)", async () => {
    const admin: Admin = await createSuperadmin();
    const token = await bearerFor(admin);
    const route = ROUTES.find((r) => r.pattern === "/api/admin/all-admin")!;
    const r = await callRoute(loadHandlers(route).GET!, route, "GET", {}, {}, { authorization: `Bearer ${token}` });
    expect(r.status).toBe(200);
  });
});

function diff(a: string, b: string): string {
  const x = a.split("\n");
  const y = b.split("\n");
  return x
    .map((line, i) => (line === y[i] ? null : `  - ${line}\n  + ${y[i]}`))
    .filter(Boolean)
    .join("\n");
}
