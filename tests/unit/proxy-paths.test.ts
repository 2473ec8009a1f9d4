// Every request path passes proxy.ts (issue 17 #15): its matcher, compiled by Next's own code as Next
// compiles it, matches every path shape but Next's own static files and image optimiser; and the
// proxy refuses an oversized body with 413 and puts the security headers on every answer it gives.
// Path shapes are enumerated (routes × suffixes × encodings), not one case.
import { NextRequest } from "next/server";
import { config, proxy } from "@/proxy";
import { REQUEST_BODY_MAX_BYTES } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";

const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info");
const { getMiddlewareRouteMatcher } = require("next/dist/shared/lib/router/utils/middleware-route-matcher");

const matches: (pathname: string) => boolean = (() => {
  const matcher = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
  return (pathname: string) => matcher(pathname, { headers: {}, cookies: {} }, {});
})();

const BASES = [
  "/",
  "/api/auth/x",
  "/api/auth/callback/credentials",
  "/api/admin/login",
  "/api/public/galleries/s/unlock",
  "/api/products/delete-file",
  "/api/webhooks/stripe",
  "/login",
  "/g/slug",
  "/d/host/slug",
  "/studio/galleries",
  "/vidfolio-superadmin/clientdata",
  "/no-such-page",
  "/favicon",
  "/robots",
];
const SUFFIXES = [
  "",
  "/",
  ".png",
  ".PNG",
  ".jpg",
  ".jpeg",
  ".gif",
  ".svg",
  ".webp",
  ".ico",
  ".css",
  ".js",
  ".mjs",
  ".map",
  ".woff",
  ".woff2",
  ".ttf",
  ".json",
  ".txt",
  ".xml",
  ".html",
  ".rsc",
  ".mp4",
  ".png/",
  "/x.png",
  "%2Epng",
  ";.png",
  ".png%00",
];
const SHAPES = [...new Set(BASES.flatMap((b) => SUFFIXES.map((s) => (b === "/" ? `/x${s}` : `${b}${s}`))))];
const EXTRA = [
  "/favicon.ico",
  "/robots.txt",
  "/sitemap.xml",
  "/_next/data/build-id/g/slug.json",
  "/_next/staticx",
  "/_next/statics/x.js",
  "/_next",
  "/_nextauth/x.png",
  "/api/_next/static/x.js",
  "/.well-known/x.png",
  "/%5Fnext/static/x.js",
];

describe("proxy.ts's matcher", () => {
  it(`sends every one of ${SHAPES.length + EXTRA.length} path shapes through the proxy (routes × extensions × encodings)`, () => {
    expect([...SHAPES, ...EXTRA].filter((p) => !matches(p))).toEqual([]);
  });

  it.each(["/_next/static/chunks/app.js", "/_next/static/css/app.css", "/_next/static/media/font.woff2", "/_next/image", "/_next/image/"].map((p) => [p]))("skips Next's own %s", (pathname) => {
    expect(matches(pathname)).toBe(false);
  });
});

describe("the proxy's answer", () => {
  const big = (path: string, method = "POST") =>
    new NextRequest(new URL(path, "http://localhost:3000"), { method, headers: { "content-length": String(REQUEST_BODY_MAX_BYTES + 1), "content-type": "application/json" } });

  it.each(["/api/auth/x.png", "/api/auth/callback/credentials", "/api/admin/login", "/api/public/galleries/s/unlock.css", "/api/folder/folders", "/login", "/g/slug.js", "/x.woff2"].map((p) => [p]))(
    "refuses a body over the cap at %s with 413 and the security headers",
    async (path) => {
      const res = await proxy(big(path));
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ code: "payload_too_large", message: TEXTS.bodyTooLarge });
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(res.headers.get("x-request-id")).toBeTruthy();
    },
  );

  it("puts the CSP on its answer for every path shape", async () => {
    const missing: string[] = [];
    for (const path of [...SHAPES, ...EXTRA]) {
      const res = await proxy(new NextRequest(new URL(path, "http://localhost:3000")));
      if (!res.headers.get("content-security-policy")?.includes("frame-ancestors 'self'")) missing.push(path);
    }
    expect(missing).toEqual([]);
  });

  it("lets a body at the cap through", async () => {
    const req = new NextRequest(new URL("/api/auth/x.png", "http://localhost:3000"), { method: "POST", headers: { "content-length": String(REQUEST_BODY_MAX_BYTES) } });
    expect((await proxy(req)).status).not.toBe(413);
  });

  it("next.config.ts caps what Next buffers for the proxy at the same size", async () => {
    const { default: nextConfig } = await import("@/next.config");
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBe(REQUEST_BODY_MAX_BYTES);
  });
});
