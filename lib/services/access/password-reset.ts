// "Forgot password?": a one-time link by email. Asking says the same whether or
// not the address has an account (nothing to learn from it) and is rate-limited per address and per
// email; the link's token is random, kept only as its SHA-256, valid an hour, used once (claimed
// with one conditional update), and a newer request replaces older links. Using it goes through the
// same throttle as every other secret (lib/security/throttle.ts, kind "token"), sets the password and
// raises the session version, so every session of the account ends (cookies and bearer tokens).
// Forgot-password tells nothing by its time: the asking door does the same work whatever the address (its limit, then the
// answer); looking the account up and mailing it happen after the answer is sent, so the time taken
// tells nothing. Using a link is throttled before the new password is hashed.
import "@/lib/server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { deliverMail, recordMail } from "@/lib/mail";
import { passwordReset } from "@/lib/mail/templates";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import { afterResponse } from "@/lib/http/after-response";
import { audit } from "@/lib/services/platform";
import { guardSecret, limitAction, refused, type SecretClient } from "@/lib/security/throttle";

const PASSWORD_RESET_TTL_MS = 60 * 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** POST /api/password-reset: the same answer, after the same work, whether or not the address has an account. */
export async function requestPasswordReset(client: SecretClient, email: string): Promise<{ message: string }> {
  await limitAction(client, "password-reset", email);
  afterResponse("password reset mail", () => mailResetLink(email));
  return { message: TEXTS.passwordResetRequested };
}

/**
 * Mails a reset link when the address has an account (after the door's answer). The mail is written
 * either way, so even this work, which shares the process with the next requests, differs little.
 */
async function mailResetLink(email: string): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const url = new URL(ROUTES.resetPassword, env().APP_URL);
  url.searchParams.set("token", token);
  const content = await passwordReset(url.toString(), PASSWORD_RESET_TTL_MS / 60_000);
  const admin = await db.admin.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!admin) return;
  const mail = { to: admin.email, ...content };
  const row = await db.$transaction(async (tx) => {
    // Only the newest link works.
    await tx.passwordReset.deleteMany({ where: { adminId: admin.id, usedAt: null } });
    await tx.passwordReset.create({ data: { tokenHash: hashToken(token), adminId: admin.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) } });
    return recordMail(mail, tx);
  });
  await deliverMail(row, mail);
}

/**
 * Whether a reset link can still be used (the reset page asks as it loads, so an expired, used or
 * replaced link says so at once instead of after two passwords). Read-only: it claims nothing, and
 * tells only the holder of a link (an unguessable 256-bit token) what the link's use would tell.
 */
export async function resetLinkUsable(token: string): Promise<boolean> {
  if (!token) return false;
  const row = await db.passwordReset.findFirst({ where: { tokenHash: hashToken(token), usedAt: null, expiresAt: { gt: new Date() } }, select: { id: true } });
  return row !== null;
}

/** POST /api/password-reset/complete: the link's token and the new password. */
export async function completePasswordReset(client: SecretClient, input: { token: string; password: string }): Promise<{ message: string }> {
  // The throttle first: a refused attempt (429, or a wrong token) costs no Argon2 hash.
  const adminId = await guardSecret(client, { kind: "token", account: null }, async () => {
    const tokenHash = hashToken(input.token);
    const claimed = await db.passwordReset.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } });
    if (claimed.count !== 1) return refused(new AppError("UNAUTHORIZED", TEXTS.passwordResetInvalid));
    const row = await db.passwordReset.findUniqueOrThrow({ where: { tokenHash }, select: { adminId: true } });
    return { ok: true, value: row.adminId };
  });
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const admin = await tx.admin.update({ where: { id: adminId }, data: { passwordHash, sessionVersion: { increment: 1 } }, select: { id: true, email: true } });
    // Every session of the account ends (the version above), and their rows are closed too.
    await tx.authSession.updateMany({ where: { adminId, endedAt: null }, data: { endedAt: new Date() } });
    await tx.passwordReset.deleteMany({ where: { adminId, usedAt: null } });
    await audit(tx, admin, "password.reset", admin.id);
  });
  return { message: TEXTS.passwordResetDone };
}
