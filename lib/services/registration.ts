// Sign-up: a new studio waits, Not Active, for the super admin's review.
import "server-only";
import { db } from "@/lib/db";
import { AppError, isUniqueViolation } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { sendMail } from "@/lib/mail";
import { registrationReceived } from "@/lib/mail/templates";
import type { Registration } from "@/lib/validation/accounts";

export const EMAIL_TAKEN = "An account with this email already exists.";

/** Creates the studio (Not Active, No Plan, 0 credits) and sends the confirmation mail. */
export async function register(input: Registration) {
  const { password, ...fields } = input;
  const passwordHash = await hashPassword(password);
  let admin;
  try {
    admin = await db.admin.create({
      data: { ...fields, heardOption: fields.heardOption ?? null, passwordHash, role: "admin", status: "NOT_ACTIVE", plan: "NO_PLAN", creditBytes: BigInt(0) },
    });
  } catch (e) {
    // The unique email index decides, so a double submit cannot create two accounts.
    if (isUniqueViolation(e)) throw new AppError("CONFLICT", EMAIL_TAKEN);
    throw e;
  }
  await sendMail({ to: admin.email, ...registrationReceived(admin.name) });
  return admin;
}
