// Accounts: credentials, the acting account, and the account's public shape.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { bytesToMb } from "@/lib/format";
import { PLAN_LABELS } from "@/lib/services/money/rules/plans";
import { STATUS_LABELS } from "@/lib/texts/labels";
import { mediaUrl } from "@/lib/storage/urls";
import { dummyHash, verifyPassword } from "@/lib/auth/password";
import { isId } from "@/lib/ids";
import { guardSecret, refused, type SecretClient, type Verdict } from "@/lib/security/throttle";
import type { Admin } from "@/generated/prisma/client";
import type { AdminDetails } from "@/lib/contract/accounts";
import type { LoginInput } from "@/lib/validation/auth";

/**
 * Checks an email and password, through the secrets throttle (per account: the parsed, lower-cased
 * email; per client address). A super-admin sign-in (role 'superadmin') accepts only super admins;
 * a studio whose status is Not Active is refused with the review message. Both sign-in doors (the
 * browser's next-auth callback and POST /api/admin/login) come here.
 */
export function authenticate(client: SecretClient, input: LoginInput): Promise<Admin> {
  return guardSecret(client, { kind: "password", account: input.email }, () => checkCredentials(input));
}

async function checkCredentials(input: LoginInput): Promise<Verdict<Admin>> {
  const admin = await db.admin.findUnique({ where: { email: input.email } });
  const ok = await verifyPassword(admin?.passwordHash ?? (await dummyHash()), input.password);
  if (!admin || !ok) return refused(new AppError("invalid_credentials", TEXTS.invalidCredentials));
  // The password was right; these refusals are not guesses (thrown, so the throttle counts neither way).
  if (input.role === "superadmin" && admin.role !== "superadmin") throw new AppError("FORBIDDEN", TEXTS.notSuperadmin);
  if (admin.role === "admin" && admin.status !== "ACTIVE") throw new AppError("account_under_review", TEXTS.accountUnderReview);
  return { ok: true, value: admin };
}

/** Whether the account may still act for a token of this session version (not Not Active, not ended). */
export function mayAct(admin: Admin, sessionVersion: number): boolean {
  if (admin.sessionVersion !== sessionVersion) return false;
  return !(admin.role === "admin" && admin.status !== "ACTIVE");
}

/**
 * The account behind a session or token, or null when it no longer may act: deleted, switched to
 * Not Active, or its sessions were ended (sessionVersion raised) after the token was issued.
 */
export async function findActingAdmin(id: string, sessionVersion: number): Promise<Admin | null> {
  if (!isId(id)) return null;
  const admin = await db.admin.findUnique({ where: { id } });
  return admin && mayAct(admin, sessionVersion) ? admin : null;
}

/** The account as the API shows it (spec §3 names); never the password hash. */
export function adminDetails(admin: Admin): AdminDetails {
  return {
    _id: admin.id,
    id: admin.id,
    name: admin.name,
    email: admin.email,
    role: admin.role,
    status: STATUS_LABELS[admin.status],
    plan: admin.plan === "NO_PLAN" && admin.role === "admin" ? "n/a" : PLAN_LABELS[admin.plan],
    planCode: admin.plan,
    credits: bytesToMb(admin.creditBytes),
    companyName: admin.companyName,
    websiteUrl: admin.websiteUrl,
    companySize: admin.companySize,
    mediaType: admin.mediaType,
    jobType: admin.jobType,
    numberOfClients: admin.numberOfClients,
    projectSize: admin.projectSize,
    deliveryType: admin.deliveryType,
    heardOption: admin.heardOption,
    domainurl: admin.domainUrl,
    // Signed, expiring addresses (the bucket is private), not the stored keys.
    companyLogoUrl: mediaUrl(admin.companyLogoUrl),
    companyFaviconUrl: mediaUrl(admin.companyFaviconUrl),
    socialLinks: { youtube: admin.youtubeUrl, instagram: admin.instagramUrl, facebook: admin.facebookUrl },
    createdAt: admin.createdAt.toISOString(),
  };
}
