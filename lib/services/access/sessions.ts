// Server-side sessions. Every signed-in token — a browser's next-auth cookie, an impersonation
// cookie, a bearer token from POST /api/admin/login — names a row of AuthSession (claim `sid`). A
// token is honoured only while its row exists, has not ended and has not expired, and while the
// account may act (findActingAdmin's rules: exists, Active if a studio, same session version). So
// LOG OUT ends that session on the server and a copied cookie stops working at once, while the
// account's other sessions (other browsers) go on. A password change or deactivation still ends
// them all (the session version).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { SESSION_MAX_AGE_SEC } from "@/lib/limits";
import { isId } from "@/lib/ids";
import { mayAct } from "@/lib/services/access/accounts";
import type { Admin } from "@/generated/prisma/client";

export type SessionKind = "cookie" | "impersonation" | "bearer";

/** A cookie session's expiry is moved on when next-auth renews its cookie, at most this often. */
const RENEW_EVERY_MS = 10 * 60_000;

let lastCleanup = 0;

/** Opens a session for the account; its id goes into the token as `sid`. */
export async function startSession(adminId: string, kind: SessionKind, maxAgeSec = SESSION_MAX_AGE_SEC): Promise<string> {
  const now = Date.now();
  const row = await db.authSession.create({ data: { adminId, kind, expiresAt: new Date(now + maxAgeSec * 1000) }, select: { id: true } });
  if (now - lastCleanup > 60_000) {
    lastCleanup = now;
    // Ended or expired a day ago: nothing can name them usefully any more.
    await db.authSession.deleteMany({ where: { expiresAt: { lt: new Date(now - 24 * 3600_000) } } });
  }
  return row.id;
}

/** Ends one session (LOG OUT, the end of an impersonation). Idempotent. */
export async function endSession(sid: string | null | undefined): Promise<void> {
  if (!sid || !isId(sid)) return;
  await db.authSession.updateMany({ where: { id: sid, endedAt: null }, data: { endedAt: new Date() } });
}

/**
 * next-auth renews a cookie session's token whenever the browser reads its session: the row's
 * expiry follows (at most one write per ten minutes). False when the session has ended.
 */
export async function renewSession(sid: string, maxAgeSec = SESSION_MAX_AGE_SEC): Promise<boolean> {
  if (!isId(sid)) return false;
  const now = Date.now();
  const renewed = await db.authSession.updateMany({
    where: { id: sid, endedAt: null, expiresAt: { gt: new Date(now), lt: new Date(now + maxAgeSec * 1000 - RENEW_EVERY_MS) } },
    data: { expiresAt: new Date(now + maxAgeSec * 1000) },
  });
  if (renewed.count === 1) return true;
  return (await db.authSession.count({ where: { id: sid, endedAt: null, expiresAt: { gt: new Date(now) } } })) === 1;
}

/** The account a token's claims name, if its session is live and the account may still act. */
export async function sessionActor(claims: { sub: string; sv: number; sid: string }): Promise<Admin | null> {
  if (!isId(claims.sid) || !isId(claims.sub)) return null;
  const session = await db.authSession.findUnique({ where: { id: claims.sid }, include: { admin: true } });
  if (!session || session.adminId !== claims.sub || session.endedAt || session.expiresAt.getTime() <= Date.now()) return null;
  return mayAct(session.admin, claims.sv) ? session.admin : null;
}
