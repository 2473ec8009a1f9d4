// The studio's own profile: name, email and password.
import "server-only";
import { db } from "@/lib/db";
import { AppError, isUniqueViolation } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { adminDetails } from "@/lib/services/accounts";
import type { Actor } from "@/lib/auth/actor";

/** POST /api/validate-password: checks the acting account's own password only (no oracle for others). */
export async function validatePassword(actor: Actor, email: string, password: string) {
  if (email !== actor.email) return { valid: false };
  return { valid: await verifyPassword(actor.passwordHash, password) };
}

/**
 * POST /api/update-profile. A new password ends every other session of the account at once
 * (the session version moves on; the browser that made the change signs in again).
 */
export async function updateProfile(actor: Actor, input: { name: string; email: string; currentPassword: string; newPassword?: string }) {
  if (!(await verifyPassword(actor.passwordHash, input.currentPassword))) throw new AppError("VALIDATION", TEXTS.currentPasswordIncorrect);
  const passwordChanged = !!input.newPassword;
  try {
    const updated = await db.admin.update({
      where: { id: actor.id },
      data: {
        name: input.name,
        email: input.email,
        ...(passwordChanged ? { passwordHash: await hashPassword(input.newPassword!), sessionVersion: { increment: 1 } } : {}),
      },
    });
    return { admin: adminDetails(updated), message: TEXTS.profileUpdated, passwordChanged };
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("CONFLICT", TEXTS.emailInUse);
    throw e;
  }
}
