import { galleryHostName, normalizeHost, ownHosts, routeForHost } from "@/lib/services/studio/rules/hosts";
import { customDomainPath, isPublicGalleryRoute } from "@/lib/services/galleries/rules/gallery-paths";
import { normalizeDomainInput, updateDomainSchema } from "@/lib/validation/domains";
import { safeHttpUrl } from "@/lib/services/studio/rules/safe-url";

const cfg = { appUrl: "https://app.vidfolio.test" };

describe("host routing (proxy decision)", () => {
  it("normalizes Host headers: case, port, trailing dot, IPv6", () => {
    expect(normalizeHost("Studio-A.Localhost:3200")).toBe("studio-a.localhost");
    expect(normalizeHost("gallery.example.com.")).toBe("gallery.example.com");
    expect(normalizeHost("[::1]:3000")).toBe("[::1]");
    expect(normalizeHost("")).toBeNull();
    expect(normalizeHost(undefined)).toBeNull();
  });

  it("serves the app's own hosts as they are", () => {
    for (const host of ["app.vidfolio.test", "localhost:3000", "127.0.0.1:3100", "[::1]:3000"]) {
      expect(routeForHost(host, "/g/emma", cfg)).toEqual({ action: "next" });
      expect(routeForHost(host, "/studio/galleries", cfg)).toEqual({ action: "next" });
    }
    expect(ownHosts({ appUrl: "http://localhost:3100", galleryBaseUrl: "https://g.vidfolio.test" })).toEqual(new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "g.vidfolio.test"]));
  });

  it("rewrites /<customurl> on any other host to that domain's gallery route", () => {
    expect(routeForHost("Gallery.Studio.com", "/emma-and-james", cfg)).toEqual({ action: "rewrite", path: "/d/gallery.studio.com/emma-and-james" });
    expect(routeForHost("studio-a.localhost:3200", "/emma/", cfg)).toEqual({ action: "rewrite", path: "/d/studio-a.localhost/emma" });
    expect(customDomainPath("studio-a.localhost", "emma")).toBe("/d/studio-a.localhost/emma");
  });

  it("sends every other path of a custom domain under /d/<domain>/, where nothing but galleries exists (404)", () => {
    expect(routeForHost("gallery.studio.com", "/", cfg)).toEqual({ action: "rewrite", path: "/d/gallery.studio.com/" });
    expect(routeForHost("gallery.studio.com", "/studio/galleries", cfg)).toEqual({ action: "rewrite", path: "/d/gallery.studio.com/studio/galleries" });
    expect(routeForHost("gallery.studio.com", "/g/other-studio-gallery", cfg)).toEqual({ action: "rewrite", path: "/d/gallery.studio.com/g/other-studio-gallery" });
  });

  it("keeps assets, the gallery faces, the public API and the favicon working on custom domains", () => {
    for (const path of ["/_next/static/chunks/app.js", "/api/public/views", "/api/public/download/x", "/favicon.ico", "/fonts/5.3.0/arimo-latin-400-normal.woff2"]) {
      expect(routeForHost("gallery.studio.com", path, cfg)).toEqual({ action: "next" });
    }
  });

  it("serves /<customurl> on a separate default gallery host as /g/<customurl>", () => {
    const sep = { appUrl: "https://app.vidfolio.test", galleryBaseUrl: "https://watch.vidfolio.test" };
    expect(routeForHost("watch.vidfolio.test", "/emma", sep)).toEqual({ action: "rewrite", path: "/g/emma" });
    expect(routeForHost("watch.vidfolio.test", "/_next/static/x.js", sep)).toEqual({ action: "next" });
    expect(galleryHostName(sep)).toBe("watch.vidfolio.test");
    expect(galleryHostName(cfg)).toBe("app.vidfolio.test");
  });

  it("names the public gallery pages (the answers the production server's front cache may keep)", () => {
    for (const path of ["/g/emma", "/g/emma/", "/d/gallery.studio.com/emma", customDomainPath("gallery.studio.com", "emma")]) {
      expect(isPublicGalleryRoute(path)).toBe(true);
    }
    for (const path of ["/g/emma/preview", "/g/", "/d/gallery.studio.com/", "/d/gallery.studio.com/g/other", "/studio/galleries", "/login", "/api/public/views"]) {
      expect(isPublicGalleryRoute(path)).toBe(false);
    }
  });
});

describe("domain input", () => {
  it("lower-cases and drops a pasted scheme or trailing slash", () => {
    expect(normalizeDomainInput("  HTTPS://Gallery.Studio.com/ ")).toBe("gallery.studio.com");
    expect(updateDomainSchema.parse({ domainurl: "Gallery.Studio.COM" })).toEqual({ domainurl: "gallery.studio.com" });
    expect(updateDomainSchema.parse({ domainurl: null })).toEqual({ domainurl: null });
  });

  it.each(["", "   ", "localhost", "studio", "gallery.studio.com/path", "gal lery.com", "-bad.com", "a..b.com", "1.2.3.4", "http://", "x.c"])("refuses %j", (value) => {
    expect(updateDomainSchema.safeParse({ domainurl: value }).success).toBe(false);
  });
});

describe("safe links", () => {
  it("keeps http(s) only", () => {
    expect(safeHttpUrl("https://studio.com/a")).toBe("https://studio.com/a");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,x")).toBeNull();
    expect(safeHttpUrl("/relative")).toBeNull();
    expect(safeHttpUrl("")).toBeNull();
  });
});
