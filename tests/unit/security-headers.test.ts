// The security headers: what the CSP allows under each configuration, and which headers go where.
import { createHash } from "node:crypto";
import { GALLERY_INLINE_SCRIPTS, contentSecurityPolicy, mediaOrigins, scriptHash, securityHeaders, staticSecurityHeaders, storageOrigins } from "@/lib/security/headers";
import { GALLERY_BOOT_SCRIPT } from "@/lib/services/public/rules/gallery-boot";
import { GUEST_TOKEN_SCRIPT } from "@/lib/services/guests/rules/guest-token";
import nextConfig from "@/next.config";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? null;

describe("Content-Security-Policy", () => {
  const embedded = { NODE_ENV: "production", S3_ENDPOINT: "http://127.0.0.1:4569", S3_BUCKET: "vidfolio", S3_FORCE_PATH_STYLE: "true" };

  it("allows only our own origin by default, no plugins, no framing by others", () => {
    const csp = contentSecurityPolicy(embedded);
    expect(directive(csp, "default-src")).toEqual(["'self'"]);
    expect(directive(csp, "object-src")).toEqual(["'none'"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'self'"]);
    expect(directive(csp, "base-uri")).toEqual(["'self'"]);
    expect(directive(csp, "form-action")).toEqual(["'self'"]);
    expect(directive(csp, "frame-src")).toEqual(["'self'", "https://www.openstreetmap.org"]);
    expect(directive(csp, "worker-src")).toEqual(["'self'", "blob:"]);
    expect(directive(csp, "font-src")).toEqual(["'self'", "data:"]);
  });

  it("never allows inline script it did not write: a page's nonce, and on a gallery path the gallery's own scripts by hash (issue 36)", () => {
    const page = directive(contentSecurityPolicy(embedded, { nonce: "bm9uY2U=" }), "script-src");
    expect(page).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'", "https://www.gstatic.com"]);
    // The nonce is for the App Router's 404 of a gallery path; the gallery page leaves without it (server/front-cache.cjs).
    const gallery = directive(contentSecurityPolicy(embedded, { nonce: "bm9uY2U=", galleryScripts: true }), "script-src");
    expect(gallery).toEqual(["'self'", scriptHash(GUEST_TOKEN_SCRIPT), scriptHash(GALLERY_BOOT_SCRIPT), "'nonce-bm9uY2U='", "'strict-dynamic'", "https://www.gstatic.com"]);
    expect(directive(contentSecurityPolicy(embedded), "script-src")).toEqual(["'none'"]);
    for (const trust of [{ nonce: "x" }, { nonce: "x", galleryScripts: true }, "none"] as const) {
      for (const env of [embedded, { ...embedded, NODE_ENV: "development" }]) {
        const scripts = directive(contentSecurityPolicy(env, trust), "script-src")!;
        expect(scripts).not.toContain("'unsafe-inline'");
        expect(scripts).not.toContain("'unsafe-hashes'");
      }
    }
    expect(directive(contentSecurityPolicy({ ...embedded, NODE_ENV: "development" }, { nonce: "x", galleryScripts: true }), "script-src")).toContain("'unsafe-eval'");
    expect(directive(contentSecurityPolicy(embedded, { nonce: "x", galleryScripts: true }), "script-src")).not.toContain("'unsafe-eval'");
  });

  it("hashes a script's exact text as the browser does (SHA-256 of its UTF-8, base64)", () => {
    expect(scriptHash("alert(1)")).toBe(`'sha256-${createHash("sha256").update("alert(1)").digest("base64")}'`);
    expect(scriptHash("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(GALLERY_INLINE_SCRIPTS).toEqual([GUEST_TOKEN_SCRIPT, GALLERY_BOOT_SCRIPT]);
  });

  it("lets the browser upload to and read from the storage endpoint and the CDN", () => {
    const csp = contentSecurityPolicy({ ...embedded, CDN_BASE_URL: "https://cdn.example.com/media" });
    for (const name of ["img-src", "media-src"]) expect(directive(csp, name)).toEqual(expect.arrayContaining(["https://cdn.example.com", "http://127.0.0.1:4569"]));
    expect(directive(csp, "connect-src")).toEqual(["'self'", "http://127.0.0.1:4569", "https://cdn.example.com"]);
  });

  it("knows the storage addresses the SDK signs: AWS, path style, virtual-hosted", () => {
    expect(storageOrigins({ S3_BUCKET: "b", S3_REGION: "eu-west-1" })).toContain("https://b.s3.eu-west-1.amazonaws.com");
    expect(storageOrigins({ S3_ENDPOINT: "https://r2.example.com/", S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "true" })).toEqual(["https://r2.example.com"]);
    expect(storageOrigins({ S3_ENDPOINT: "https://minio.example.com", S3_BUCKET: "b" })).toEqual(["https://minio.example.com", "https://b.minio.example.com"]);
    expect(mediaOrigins({ CDN_BASE_URL: "javascript:alert(1)", S3_ENDPOINT: "not a url" })).toEqual([]);
  });
});

describe("the other headers", () => {
  it("are the same everywhere and sent on every path by next.config", async () => {
    const rules = await nextConfig.headers!();
    expect(rules).toEqual([{ source: "/:path*", headers: staticSecurityHeaders() }]);
    const h = Object.fromEntries(staticSecurityHeaders().map((x) => [x.key, x.value]));
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Permissions-Policy"]).toBe("camera=(), microphone=(), geolocation=(), fullscreen=(self), picture-in-picture=(self), autoplay=(self)");
  });

  it("HSTS only in production over https", () => {
    expect(securityHeaders({ NODE_ENV: "production", APP_URL: "https://app.example.com" })["Strict-Transport-Security"]).toMatch(/^max-age=\d{8}/);
    expect(securityHeaders({ NODE_ENV: "production", APP_URL: "http://localhost:3000" })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ NODE_ENV: "development", APP_URL: "https://app.example.com" })["Strict-Transport-Security"]).toBeUndefined();
  });
});
