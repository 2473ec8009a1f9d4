// Cookie-authenticated mutations refuse requests from other sites (Origin / Sec-Fetch-Site), on
// every signed-in route discovered from the files; same-origin, bearer and non-browser calls pass.
import { POST as createFolder } from "@/app/api/folder/folders/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { createStudio } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";
import { discoverRoutes, fillPath, loadHandlers, wrapperOf, type Method } from "../helpers/routes";
import { createStudioWithData, segmentValues } from "../helpers/route-fixtures";
import { snapshot } from "../helpers/snapshot";

const post = (headers: Record<string, string>) => request("POST", "/api/folder/folders", { body: { name: "Cross-site probe" }, headers });

describe("POST /api/folder/folders with the session cookie", () => {
  let cookie: string;
  let adminId: string;
  beforeAll(async () => {
    const studio = await createStudio();
    adminId = studio.id;
    cookie = await sessionCookieFor(studio);
  });
  const folders = () => db.folder.count({ where: { adminId } });

  it("refuses another site's Origin with 403 and a message, and creates nothing", async () => {
    const before = await folders();
    for (const origin of ["https://evil.example", "http://localhost:3000.evil.example", "null", "http://localhost:3001"]) {
      const res = await call(createFolder, post({ cookie, origin }));
      expect([origin, res.status]).toEqual([origin, 403]);
      expect((await res.json()).message).toBe(TEXTS.crossSiteRefused);
    }
    expect(await folders()).toBe(before);
  });

  it("refuses Sec-Fetch-Site: cross-site even without an Origin", async () => {
    const res = await call(createFolder, post({ cookie, "sec-fetch-site": "cross-site" }));
    expect(res.status).toBe(403);
  });

  it("accepts our own origin (APP_URL, or the host the request was sent to) and non-browser calls", async () => {
    expect((await call(createFolder, post({ cookie, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }))).status).toBe(201);
    expect((await call(createFolder, post({ cookie }))).status).toBe(201);
  });

  it("leaves bearer-token calls alone: they are not cookie-authenticated", async () => {
    const token = await bearerFor((await db.admin.findUnique({ where: { id: adminId } }))!);
    expect((await call(createFolder, post({ authorization: `Bearer ${token}`, origin: "https://evil.example" }))).status).toBe(201);
  });

  it("leaves the webhook alone (public, signed): a bad signature is its own 400", async () => {
    const res = await call(webhook, request("POST", "/api/webhooks/stripe", { rawBody: "{}", headers: { origin: "https://evil.example", "stripe-signature": "t=1,v1=bad" } }));
    expect(res.status).toBe(400);
  });
});

describe("every signed-in mutation route", () => {
  it("refuses a cross-site request carrying the owner's own session cookie, and changes nothing", async () => {
    const a = await createStudioWithData();
    const cookie = await sessionCookieFor(a.admin);
    const markers = [a.admin.id, a.folder.id, a.gallery.id, ...a.videos.map((v) => v.id)];
    const failures: string[] = [];
    const routes = discoverRoutes().filter((r) => ["studio", "actor", "superadmin"].includes(wrapperOf(r)));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const [method, handler] of Object.entries(loadHandlers(route)) as [Method, NonNullable<ReturnType<typeof loadHandlers>[Method]>][]) {
        if (method === "GET") continue;
        const params = segmentValues(route, a)[0] ?? {};
        const before = await snapshot(markers, [a.admin.id]);
        const res = await handler(request(method, fillPath(route, params), { cookie, body: {}, headers: { origin: "https://evil.example" } }), { params: Promise.resolve(params) });
        if (res.status !== 403) failures.push(`${method} ${route.pattern}: ${res.status}`);
        if ((await snapshot(markers, [a.admin.id])) !== before) failures.push(`${method} ${route.pattern}: changed data`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("proxy: security headers on every answer it handles", () => {
  it("adds the CSP and the fixed headers to pages, redirects and API refusals", async () => {
    const { proxy } = await import("@/proxy");
    for (const path of ["/", "/g/some-gallery", "/studio/galleries", "/api/folder/folders"]) {
      const res = await proxy(request("GET", path));
      expect([path, res.headers.get("content-security-policy")]).toEqual([path, expect.stringContaining("default-src 'self'")]);
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
