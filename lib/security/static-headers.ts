// The security headers that never depend on the configuration: next.config.ts sends them on every
// path, static assets included (lib/security/headers.ts adds the rest). Imports nothing: the
// config's compiler does not resolve the project's `@/` paths.

/** The headers that do not depend on the configuration (next.config.ts, every path). */
export function staticSecurityHeaders(): { key: string; value: string }[] {
  return [
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), fullscreen=(self), picture-in-picture=(self), autoplay=(self)" },
  ];
}
