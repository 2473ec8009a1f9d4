// Sign-up: a new studio waits, Not Active, for the super admin's review. The answer never tells
// whether the email already had an account (that would let anyone test addresses): a taken email
// gets the same answer, and its owner a mail saying someone tried (at most one sign-up mail per
// address an hour, so the form cannot be used to flood an inbox). The mails carry no text from the
// form. The door limits sign-ups per client address and per email.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isUniqueViolation } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/password";
import { deliverMail, recordMail, sendMail } from "@/lib/mail";
import { registrationReceived, SIGNUP_WITH_EXISTING_EMAIL_SUBJECT, signupWithExistingEmail } from "@/lib/mail/templates";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { Registration } from "@/lib/validation/accounts";

const NOTICE_EVERY_MS = 3600_000;

/** Creates the studio (Not Active, No Plan, 0 credits) and mails the confirmation; a taken email mails its owner instead. */
export async function register(input: Registration): Promise<{ name: string; email: string }> {
  const { password, ...fields } = input;
  // Hashed either way, so the answer takes as long for a taken email as for a new one.
  const passwordHash = await hashPassword(password);
  const confirmation = { to: input.email, ...(await registrationReceived()) };
  try {
    // The account and its confirmation's record commit together: a double submit that loses the
    // race on the email sees the confirmation already recorded, and sends its owner no notice.
    const row = await db.$transaction(async (tx) => {
      await tx.admin.create({
        data: { ...fields, heardOption: fields.heardOption ?? null, passwordHash, role: "admin", status: "NOT_ACTIVE", plan: "NO_PLAN", creditBytes: BigInt(0) },
      });
      return recordMail(confirmation, tx);
    });
    await deliverMail(row, confirmation);
  } catch (e) {
    // The unique email index decides, so a double submit cannot create two accounts either.
    if (!isUniqueViolation(e)) throw e;
    await noticeToOwner(input.email);
  }
  return { name: input.name, email: input.email };
}

async function noticeToOwner(email: string): Promise<void> {
  const recent = await db.mailMessage.count({
    where: { to: email, subject: { in: [TEXTS.registrationMailSubject, SIGNUP_WITH_EXISTING_EMAIL_SUBJECT] }, createdAt: { gt: new Date(Date.now() - NOTICE_EVERY_MS) } },
  });
  if (recent === 0) await sendMail({ to: email, ...(await signupWithExistingEmail(new URL(ROUTES.login, env().APP_URL).toString())) });
}
