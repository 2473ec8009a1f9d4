// Security headers of every response. Plain functions of the configuration (no nonce: a nonce
// would make every page dynamic, and the public gallery page must stay statically cacheable).
// next.config.ts sends the ones that never depend on the configuration on every path, static
// assets included; proxy.ts adds the Content-Security-Policy and HSTS, computed once per process
// from the runtime configuration, because `next start` serves the headers of next.config.ts as
// they were at build time, and the build does not know the storage endpoint (docs/security.md).

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
export const CAST_SDK_ORIGIN = "https://www.gstatic.com";
/** The map embedded on /contact (lib/company.ts). */
export const MAP_ORIGIN = "https://www.openstreetmap.org";

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

export function contentSecurityPolicy(c: HeaderConfig): string {
  const dev = c.NODE_ENV === "development";
  const media = mediaOrigins(c);
  const storage = storageOrigins(c);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // Next's inline bootstrap scripts need 'unsafe-inline' without a nonce; React's dev build needs eval.
    ["script-src", ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : []), CAST_SDK_ORIGIN]],
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

/** The headers that do not depend on the configuration (next.config.ts, every path). */
export function staticSecurityHeaders(): { key: string; value: string }[] {
  return [
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), fullscreen=(self), picture-in-picture=(self), autoplay=(self)" },
  ];
}

/** Every security header for a page or API answer under this configuration. */
export function securityHeaders(c: HeaderConfig): Record<string, string> {
  const headers: Record<string, string> = Object.fromEntries(staticSecurityHeaders().map((h) => [h.key, h.value]));
  headers["Content-Security-Policy"] = contentSecurityPolicy(c);
  const appUrl = c.APP_URL ?? c.NEXTAUTH_URL ?? "";
  if (c.NODE_ENV === "production" && appUrl.startsWith("https://")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
