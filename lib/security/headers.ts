// Security headers of every response. next.config.ts sends the ones that never depend on the
// configuration on every path, static assets included; proxy.ts adds the Content-Security-Policy
// and HSTS from the runtime configuration, because `next start` serves the headers of
// next.config.ts as they were at build time, and the build does not know the storage endpoint.
//
// No page may run an inline script it did not write: `script-src` has no
// 'unsafe-inline', so an event handler or a <script> in injected markup never runs, whatever a
// renderer does with text. The scripts a page did write are trusted in one of two ways
// (docs/security.md):
// - an App Router page (rendered per request) by a nonce: proxy.ts makes one per request and hands
//   Next the policy naming it, and Next writes it on each of its scripts;
// - a public gallery page (Pages Router, one cached HTML for every viewer, so no nonce) by the
//   SHA-256 of its only two inline scripts, constants of the code (GALLERY_INLINE_SCRIPTS).
// 'strict-dynamic' then trusts what those scripts add (Next's chunks, the player's, the Cast SDK),
// and a browser that knows it ignores 'self' and the host list: a <script src> in injected markup
// does not run either, even from our own origin.
import { createHash } from "node:crypto";
import { GALLERY_BOOT_SCRIPT } from "@/lib/services/public/rules/gallery-boot";
import { GUEST_TOKEN_SCRIPT } from "@/lib/services/guests/rules/guest-token";
import { staticSecurityHeaders } from "@/lib/security/static-headers";

export { staticSecurityHeaders };

export type HeaderConfig = {
  NODE_ENV?: string;
  APP_URL?: string;
  NEXTAUTH_URL?: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_FORCE_PATH_STYLE?: string;
  CDN_BASE_URL?: string;
};

/** The Google Cast sender SDK that Vidstack loads for its cast button. */
const CAST_SDK_ORIGIN = "https://www.gstatic.com";
/** The map embedded on /contact (lib/services/platform/rules/company.ts). */
const MAP_ORIGIN = "https://www.openstreetmap.org";

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

function unique(list: (string | null)[]): string[] {
  return [...new Set(list.filter((v): v is string => !!v))];
}

/** Where the browser talks to storage: presigned uploads (PUT) and, without a CDN, media reads. */
export function storageOrigins(c: HeaderConfig): string[] {
  const bucket = c.S3_BUCKET || "vidfolio";
  if (!c.S3_ENDPOINT) return [`https://${bucket}.s3.${c.S3_REGION || "us-east-1"}.amazonaws.com`, `https://s3.${c.S3_REGION || "us-east-1"}.amazonaws.com`];
  const endpoint = originOf(c.S3_ENDPOINT);
  if (!endpoint) return [];
  // Without path style the SDK signs virtual-hosted addresses: https://<bucket>.<endpoint host>.
  if (c.S3_FORCE_PATH_STYLE === "true") return [endpoint];
  const u = new URL(endpoint);
  return unique([endpoint, `${u.protocol}//${bucket}.${u.host}`]);
}

/** Where stored media (thumbnails, videos, HLS segments, music, logos) is read from (lib/storage/urls.ts). */
export function mediaOrigins(c: HeaderConfig): string[] {
  return unique([originOf(c.CDN_BASE_URL), ...storageOrigins(c)]);
}

/** The inline scripts a public gallery page (pages/_document.tsx) writes: the only ones it may run. */
export const GALLERY_INLINE_SCRIPTS = [GUEST_TOKEN_SCRIPT, GALLERY_BOOT_SCRIPT] as const;

/** A CSP hash source of a script's text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * Which scripts a page written under this policy may run besides what they add: those carrying
 * this nonce (a page rendered for this request); on a public gallery path (`galleryScripts`) also
 * the gallery page's own inline scripts by hash (its page is cached for everyone: its answer leaves
 * without the nonce, server/front-cache.cjs), while the nonce serves the App Router's 404 of those
 * paths (app/not-found.tsx, rendered per request); or none (an API answer, a file).
 */
export type ScriptTrust = { nonce: string; galleryScripts?: boolean } | "none";

function scriptSources(trust: ScriptTrust): string[] {
  if (trust === "none") return ["'none'"];
  return [...(trust.galleryScripts ? GALLERY_INLINE_SCRIPTS.map(scriptHash) : []), `'nonce-${trust.nonce}'`, "'strict-dynamic'"];
}

export function contentSecurityPolicy(c: HeaderConfig, trust: ScriptTrust = "none"): string {
  const dev = c.NODE_ENV === "development";
  const media = mediaOrigins(c);
  const storage = storageOrigins(c);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // 'self' and the Cast SDK's origin for browsers without 'strict-dynamic' (CSP 2); React's dev build needs eval.
    ["script-src", trust === "none" ? scriptSources(trust) : ["'self'", ...scriptSources(trust), ...(dev ? ["'unsafe-eval'"] : []), CAST_SDK_ORIGIN]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...media]],
    ["media-src", ["'self'", "blob:", ...media]],
    ["connect-src", unique(["'self'", ...storage, ...media])],
    ["worker-src", ["'self'", "blob:"]],
    ["font-src", ["'self'", "data:"]],
    ["frame-src", ["'self'", MAP_ORIGIN]],
    ["frame-ancestors", ["'self'"]],
    // Checkout leaves with window.location (Stripe Checkout, the local test page), not a form post.
    ["form-action", ["'self'"]],
    ["base-uri", ["'self'"]],
    ["object-src", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** Every security header for a page or API answer under this configuration. */
export function securityHeaders(c: HeaderConfig, trust: ScriptTrust = "none"): Record<string, string> {
  const headers: Record<string, string> = Object.fromEntries(staticSecurityHeaders().map((h) => [h.key, h.value]));
  headers["Content-Security-Policy"] = contentSecurityPolicy(c, trust);
  const appUrl = c.APP_URL ?? c.NEXTAUTH_URL ?? "";
  if (c.NODE_ENV === "production" && appUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
