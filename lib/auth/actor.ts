// Who is acting: from an `Authorization: Bearer` token or the next-auth session cookie, and then
// re-checked against the database on every request (deleted or deactivated accounts, and sessions
// ended by LOG OUT, stop at once: lib/services/sessions.ts). Works from a request (route handlers) or from the current headers (pages).
import "server-only";
import { getToken } from "next-auth/jwt";
import { headers } from "next/headers";
import { NextRequest } from "next/server";
import { verifyBearerToken } from "@/lib/auth/token";
import { env, secureCookies } from "@/lib/env";
import { sessionActor } from "@/lib/services/sessions";
import { AppError, unauthorized } from "@/lib/errors";
import type { Admin } from "@/generated/prisma/client";

export type Actor = Admin;

export function bearerFrom(authorization: string | null | undefined): string | null {
  const m = authorization?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

/** The acting account of a request, or null. */
export async function actorFrom(req: NextRequest): Promise<Actor | null> {
  const { AUTH_SECRET: secret } = env();
  const bearer = bearerFrom(req.headers.get("authorization"));
  if (bearer) {
    const claims = await verifyBearerToken(bearer, secret);
    return claims?.sid ? sessionActor({ sub: claims.sub, sv: claims.sv, sid: claims.sid }) : null;
  }
  const token = await getToken({ req, secret, secureCookie: secureCookies() }).catch(() => null);
  if (!token?.sub || typeof token.sv !== "number" || typeof token.sid !== "string") return null;
  return sessionActor({ sub: token.sub, sv: token.sv, sid: token.sid });
}

/** The acting account of the request being rendered (server components). */
export async function currentActor(): Promise<Actor | null> {
  // Read the headers first: that marks the page as rendered per request, even at build time.
  const h = await headers();
  return actorFrom(new NextRequest(env().APP_URL, { headers: h }));
}

/** Any signed-in account; otherwise 401. */
export async function requireActor(req: NextRequest): Promise<Actor> {
  const actor = await actorFrom(req);
  if (!actor) throw unauthorized();
  return actor;
}

/** A studio (role admin); otherwise 401 (nobody) or 403 (a super admin). */
export async function requireStudio(req: NextRequest): Promise<Actor> {
  const actor = await requireActor(req);
  if (actor.role !== "admin") throw new AppError("FORBIDDEN", "This action is for studio accounts.");
  return actor;
}

/** A super admin; otherwise 401 (nobody) or 403 (a studio). */
export async function requireSuperadmin(req: NextRequest): Promise<Actor> {
  const actor = await requireActor(req);
  if (actor.role !== "superadmin") throw new AppError("FORBIDDEN", "This action is for super administrators.");
  return actor;
}
