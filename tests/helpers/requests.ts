// Builds real requests for route handlers and the proxy, with a bearer token or a session cookie.
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { signBearerToken } from "@/lib/auth/token";
import type { Admin } from "@/generated/prisma/client";

export const BASE = "http://localhost:3000";
export const secret = () => process.env.AUTH_SECRET as string;

type Options = { body?: unknown; rawBody?: string; token?: string; cookie?: string; headers?: Record<string, string> };

export function request(method: string, path: string, opts: Options = {}): NextRequest {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("cookie", opts.cookie);
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set("content-type", "application/json");
  }
  return new NextRequest(new URL(path, BASE), { method, headers, body });
}

export function bearerFor(admin: Pick<Admin, "id" | "sessionVersion">, maxAgeSec?: number) {
  return signBearerToken({ sub: admin.id, sv: admin.sessionVersion }, secret(), maxAgeSec);
}

/** A next-auth session cookie for the account, as the sign-in would set it. */
export async function sessionCookieFor(admin: Pick<Admin, "id" | "name" | "email" | "role" | "plan" | "sessionVersion">) {
  const value = await encode({
    secret: secret(),
    token: { sub: admin.id, name: admin.name, email: admin.email, role: admin.role, plan: admin.plan, sv: admin.sessionVersion },
  });
  return `next-auth.session-token=${value}`;
}

/** Calls a route handler the way Next does. */
export function call<P extends Record<string, string>>(
  handler: (req: NextRequest, ctx: { params: Promise<P> }) => Promise<Response>,
  req: NextRequest,
  params = {} as P,
) {
  return handler(req, { params: Promise.resolve(params) });
}
