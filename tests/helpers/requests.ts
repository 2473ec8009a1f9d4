// Builds real requests for route handlers and the proxy, with a bearer token or a session cookie
// (each naming a real server-side session), and optionally the client's socket address as the
// production server stamps it (`from`).
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { signBearerToken } from "@/lib/auth/token";
import { startSession } from "@/lib/services/access/sessions";
import { SOCKET_HEADER } from "@/server/constants.cjs";
import { socketStamp } from "@/server/socket-address.cjs";
import type { Admin } from "@/generated/prisma/client";

export const BASE = "http://localhost:3000";

/** A random address (10.0.0.0/8), for a client of its own. */
export const someAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
export const secret = () => process.env.AUTH_SECRET as string;

/**
 * `from`: the socket address the request came from, as server/server.mjs stamps it. Without it a
 * request comes from an address of its own (parallel test files share the database, and so the
 * per-address buckets); `from: null` sends no stamp (plain `next start`: the shared "unknown" bucket).
 */
type Options = { body?: unknown; rawBody?: string; token?: string; cookie?: string; headers?: Record<string, string>; from?: string | null };

export function request(method: string, path: string, opts: Options = {}): NextRequest {
  const headers = new Headers(opts.headers);
  const from = opts.from === undefined ? someAddress() : opts.from;
  if (from) headers.set(SOCKET_HEADER, socketStamp(from)!);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  return new NextRequest(new URL(path, BASE), { method, headers, body });
}

export async function bearerFor(admin: Pick<Admin, "id" | "sessionVersion">, maxAgeSec?: number) {
  const sid = await startSession(admin.id, "bearer", maxAgeSec);
  return signBearerToken({ sub: admin.id, sv: admin.sessionVersion, sid }, secret(), maxAgeSec);
}

/** A next-auth session cookie for the account, as the sign-in would set it. */
export async function sessionCookieFor(admin: Pick<Admin, "id" | "name" | "email" | "role" | "plan" | "sessionVersion">) {
  const sid = await startSession(admin.id, "cookie");
  const value = await encode({
    secret: secret(),
    token: { sub: admin.id, name: admin.name, email: admin.email, role: admin.role, plan: admin.plan, sv: admin.sessionVersion, sid },
  });
  // Each face's session in its own cookie, as the sign-in door writes them (lib/auth/scope.ts).
  return `${admin.role === "superadmin" ? "vidfolio-admin" : "next-auth"}.session-token=${value}`;
}

/** Calls a route handler the way Next does. */
export function call<P extends Record<string, string>>(handler: (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>, req: NextRequest, params = {} as P) {
  return handler(req, { params: Promise.resolve(params) });
}

/** A response's text; a server-sent events stream (a live door) is read to its first block, then left (it would not end). */
export async function bodyText(res: Response): Promise<string> {
  if (!res.headers.get("content-type")?.startsWith("text/event-stream") || !res.body) return res.text();
  const reader = res.body.getReader();
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}
