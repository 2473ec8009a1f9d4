// The studio's own profile: name, email and password.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError, isUniqueViolation } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { adminDetails } from "@/lib/services/access";
import { guardSecret, refused, type SecretClient } from "@/lib/security/throttle";
import type { Actor } from "@/lib/services/access/rules/actor";

/**
 * POST /api/validate-password: checks the acting account's own password only (no oracle for
 * others), through the secrets throttle: the same buckets as signing in to this account.
 */
export async function validatePassword(actor: Actor, client: SecretClient, input: { email: string; password: string }) {
  return guardSecret(client, { kind: "password", account: actor.email }, async () => {
    const valid = input.email === actor.email && (await verifyPassword(actor.passwordHash, input.password));
    return { ok: valid, value: { valid } };
  });
}

/**
 * POST /api/update-profile. The current password is checked through the secrets throttle. A new
 * password ends every other session of the account at once (the session version moves on; the
 * browser that made the change signs in again).
 */
export async function updateProfile(actor: Actor, client: SecretClient, input: { name: string; email: string; currentPassword: string; newPassword?: string }) {
  await guardSecret(client, { kind: "password", account: actor.email }, async () =>
    (await verifyPassword(actor.passwordHash, input.currentPassword)) ? { ok: true, value: undefined } : refused(new AppError("VALIDATION", TEXTS.currentPasswordIncorrect)),
  );
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
    if (isUniqueViolation(e)) throw new AppError("email_taken", TEXTS.emailInUse);
    throw e;
  }
}
