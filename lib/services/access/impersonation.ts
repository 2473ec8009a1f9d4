// "Login as": a super admin gets a one-time link that opens a studio session. The token is random,
// stored only as its SHA-256, expires within a minute and can be used once.
import "@/lib/server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { audit } from "@/lib/services/platform";
import { findActingAdmin } from "@/lib/services/access/accounts";
import { env } from "@/lib/env";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Admin } from "@/generated/prisma/client";

export const IMPERSONATION_TTL_MS = 60_000;
const IMPERSONATE_PATH = "/impersonate-login";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** GET /api/admin/impersonate/{id}: a one-time sign-in url for the studio. */
export async function issueImpersonation(actor: Actor, studioId: string): Promise<{ url: string }> {
  if (actor.role !== "superadmin") throw forbidden();
  const studio = await db.admin.findUnique({ where: { id: studioId }, select: { id: true, role: true, status: true, email: true } });
  if (!studio) throw notFound();
  if (studio.role !== "admin") throw new AppError("CONFLICT", "Only studio accounts can be opened.");
  if (studio.status !== "ACTIVE") throw new AppError("CONFLICT", "Activate this studio before signing in as it.");
  const token = randomBytes(32).toString("base64url");
  await db.$transaction([
    db.impersonationToken.create({
      data: { tokenHash: hashToken(token), adminId: studio.id, issuedById: actor.id, expiresAt: new Date(Date.now() + IMPERSONATION_TTL_MS) },
    }),
    audit(db, actor, "impersonation.issue", studio.id, { studio: studio.email }),
  ]);
  return { url: `${env().APP_URL}${IMPERSONATE_PATH}?token=${token}` };
}

/**
 * Trades a token for the studio and the super admin who issued it, or null when the token is
 * unknown, used or expired. Marking it used is atomic, so two tabs cannot both use it.
 */
export async function consumeImpersonation(token: string): Promise<{ studio: Admin; issuer: Admin } | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const used = await db.impersonationToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (used.count !== 1) return null;
  const row = await db.impersonationToken.findUnique({ where: { tokenHash }, include: { admin: true, issuedBy: true } });
  if (!row || row.admin.status !== "ACTIVE" || row.issuedBy.role !== "superadmin") return null;
  await audit(db, row.issuedBy, "impersonation.start", row.adminId, { studio: row.admin.email });
  return { studio: row.admin, issuer: row.issuedBy };
}

/** The banner's way back: the super admin behind the session, if it still may act. */
export async function endImpersonation(imp: { id: string; sv: number }, studioId: string | null): Promise<Admin | null> {
  const issuer = await findActingAdmin(imp.id, imp.sv);
  if (!issuer || issuer.role !== "superadmin") return null;
  await audit(db, issuer, "impersonation.end", studioId);
  return issuer;
}
