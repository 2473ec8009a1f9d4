// Who is acting: from an `Authorization: Bearer` token or the next-auth session cookie, and then
// re-checked against the database on every request (deleted, deactivated or signed-out accounts
// stop at once).
import "server-only";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { authOptions } from "@/lib/auth/options";
import { verifyBearerToken } from "@/lib/auth/token";
import { env } from "@/lib/env";
import { findActingAdmin } from "@/lib/services/accounts";
import { AppError, unauthorized } from "@/lib/errors";
import type { Admin } from "@/generated/prisma/client";

export type Actor = Admin;

export function bearerFrom(authorization: string | null | undefined): string | null {
  const m = authorization?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

/** The acting account of the current request, or null. */
export async function currentActor(): Promise<Actor | null> {
  const bearer = bearerFrom((await headers()).get("authorization"));
  if (bearer) {
    const claims = await verifyBearerToken(bearer, env().AUTH_SECRET);
    return claims ? findActingAdmin(claims.sub, claims.sv) : null;
  }
  const session = await getServerSession(authOptions());
  if (!session?.user?.id) return null;
  return findActingAdmin(session.user.id, session.user.sv);
}

/** A studio (role admin); otherwise 401 (nobody) or 403 (a super admin). */
export async function requireStudio(): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) throw unauthorized();
  if (actor.role !== "admin") throw new AppError("FORBIDDEN", "This action is for studio accounts.");
  return actor;
}

/** A super admin; otherwise 401 (nobody) or 403 (a studio). */
export async function requireSuperadmin(): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) throw unauthorized();
  if (actor.role !== "superadmin") throw new AppError("FORBIDDEN", "This action is for super administrators.");
  return actor;
}

/** Any signed-in account. */
export async function requireActor(): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) throw unauthorized();
  return actor;
}
