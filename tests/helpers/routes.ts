// Every API route handler, discovered from the files (app/api/**/route.ts), so a route added later
// is covered by the isolation matrix and the bad-input properties without anyone listing it.
import fs from "node:fs";
import path from "node:path";
import { allDoors } from "@/lib/contract";
import type { Door } from "@/lib/contract/door";

export const ROOT = path.resolve(__dirname, "../..");
const API_DIR = path.join(ROOT, "app", "api");
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export type Segment = { name: string; catchAll: boolean; optional: boolean };
export type RouteFile = {
  /** e.g. app/api/folder/folders/[id]/route.ts */
  file: string;
  /** e.g. /api/folder/folders/[id] (route groups removed) */
  pattern: string;
  segments: Segment[];
  source: string;
};
export type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return walk(p);
    return /^route\.(ts|tsx|js)$/.test(e.name) ? [p] : [];
  });
}

export function discoverRoutes(): RouteFile[] {
  return walk(API_DIR)
    .map((abs) => {
      const rel = path.relative(ROOT, abs).split(path.sep).join("/");
      const parts = rel
        .replace(/^app\//, "")
        .replace(/\/route\.(ts|tsx|js)$/, "")
        .split("/")
        .filter((p) => !/^\(.*\)$/.test(p));
      const segments = parts
        .map((p) => p.match(/^\[(\[)?(\.\.\.)?([^\]]+)\]?\]$/))
        .filter((m): m is RegExpMatchArray => !!m)
        .map((m) => ({ name: m[3], catchAll: !!m[2], optional: !!m[1] }));
      return { file: rel, pattern: `/${parts.join("/")}`, segments, source: fs.readFileSync(abs, "utf8") };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The handlers a route file exports, by method. */
export function loadHandlers(route: RouteFile): Partial<Record<Method, Handler>> {
  const mod = require(path.join(ROOT, route.file)) as Record<string, unknown>;
  return Object.fromEntries(METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as Handler]));
}

/** The concrete path for a set of segment values. */
export function fillPath(route: RouteFile, values: Record<string, string | string[]>): string {
  return route.pattern.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]\]?/g, (_, name: string) => {
    const v = values[name];
    return (Array.isArray(v) ? v : [v]).map((s) => encodeURIComponent(String(s))).join("/");
  });
}

/**
 * Routes that answer without credentials by design, each with its reason. The matrix checks that
 * they leak none of another studio's private data and change nothing of it — unless `changes`
 * says what a visitor may legitimately change (a view counter, say), which skips that check for
 * the route. A route declared `who: "public"` (lib/contract) that is not listed here fails the matrix.
 */
export const PUBLIC_ROUTES: { pattern: RegExp; reason: string; changes?: string }[] = [
  { pattern: /^\/api\/auth\//, reason: "next-auth's own endpoints: CSRF token, the caller's own session, sign-in (rate-limited), sign-out" },
  { pattern: /^\/api\/admin\/login$/, reason: "sign-in for API clients: returns a bearer token for correct credentials only (rate-limited)" },
  { pattern: /^\/api\/admin\/register$/, reason: "sign-up: creates a new Not Active studio (rate-limited)" },
  {
    pattern: /^\/api\/password-reset$/,
    reason: '"Forgot password?": the same answer for any address (rate-limited)',
    changes: "for an address with an account: replaces its reset link (PasswordReset) and mails it (MailMessage)",
  },
  { pattern: /^\/api\/password-reset\/complete$/, reason: "the mailed one-time link sets a new password: its token is the secret (throttled, see the secret-doors matrix)" },
  { pattern: /^\/api\/health$/, reason: "liveness probe for the load balancer, no data" },
  { pattern: /^\/api\/openapi\.json$/, reason: "the API's description (OpenAPI), generated from the contract: no data" },
  { pattern: /^\/api\/webhooks\//, reason: "payment provider callbacks, authenticated by their signature on the raw body" },
  { pattern: /^\/api\/domains\/ask$/, reason: "a TLS terminator asks whether a host is a verified studio domain before issuing a certificate: yes or no, nothing else" },
  { pattern: /^\/api\/public\/views$/, reason: "a viewer's play of a public film", changes: "counts one view per viewer session and video (Video.views, a VideoView row)" },
  {
    pattern: /^\/api\/public\/engagement$/,
    reason: "a viewer's player reports what it played of a public film",
    changes: "buffers what the viewer watched; a flush writes it (GalleryViewer, ViewerFilm, FilmStat)",
  },
  { pattern: /^\/api\/public\/galleries\/\[slug\]\/guest$/, reason: "a guest's personal link traded for the guest cookie: its token is the secret (throttled, see the secret-doors matrix)" },
  {
    pattern: /^\/api\/payments\/local\/gallery\//,
    reason:
      "the test provider's checkout of a guest's payment (PAYMENTS_PROVIDER=test only): its session id, in the checkout page's address, is the capability, as the address of Stripe's hosted checkout is",
    changes: "pays or cancels that checkout (GalleryPayment); paid, its gallery is paid (Gallery), its previews dropped, the receipt and the studio's notice mailed (MailMessage)",
  },
  { pattern: /^\/api\/public\/invites\//, reason: "the delivery mail's open pixel and images: a GIF for any id, images only with this app's signature of the invite" },
  { pattern: /^\/api\/public\//, reason: "the public gallery's own data, shown to anyone with the link" },
];

export const publicReason = (route: RouteFile) => PUBLIC_ROUTES.find((p) => p.pattern.test(route.pattern))?.reason ?? null;
export const publicChanges = (route: RouteFile) => PUBLIC_ROUTES.find((p) => p.pattern.test(route.pattern))?.changes ?? null;

/** A contract path ("/api/a/:id", "/api/auth/:nextauth*") as a route file's pattern ("/api/a/[id]", "/api/auth/[...nextauth]"). */
export const patternOfPath = (p: string) => p.replace(/:(\w+)\*/g, "[...$1]").replace(/:(\w+)/g, "[$1]");

/** The doors the contract declares for a route file, by method (lib/contract). */
export function doorsOf(route: RouteFile): Partial<Record<Method, Door>> {
  return Object.fromEntries(
    allDoors()
      .filter(({ door }) => patternOfPath(door.path) === route.pattern)
      .map(({ door }) => [door.method, door]),
  );
}

/** Who a route's handlers let in, read from its declarations (next-auth's own endpoints apart). */
export function wrapperOf(route: RouteFile): "public" | "actor" | "studio" | "superadmin" | "next-auth" | "none" {
  if (/from\s+"next-auth"/.test(route.source)) return "next-auth";
  const declared = Object.values(doorsOf(route));
  if (!/\broute\(doors\./.test(route.source) || declared.length === 0) return "none";
  const order = ["superadmin", "studio", "actor", "public"] as const;
  return order.find((who) => declared.some((d) => d.who === who))!;
}
