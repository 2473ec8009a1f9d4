// Accounts: sign-in and sign-up, the signed-in account, its profile and notifications, password
// reset, next-auth's own endpoints, and the super admin's doors on studios.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { OPEN_PATHS } from "@/lib/contract/open-paths";
import { date, messageAnswer, socialLinksShape, urlAnswer } from "@/lib/contract/shapes";
import { Plan } from "@/generated/prisma/enums";
import { idSchema } from "@/lib/validation/common";
import { adminUpdateBodySchema, clientListQuerySchema, registerSchema, sendMailSchema, updateProfileSchema, validatePasswordSchema } from "@/lib/validation/accounts";
import { brandingBodySchema } from "@/lib/validation/branding";
import { loginSchema, passwordResetRequestSchema, passwordResetSchema } from "@/lib/validation/auth";
import { notificationsSchema } from "@/lib/validation/activity";
import { ACTIVITY_KINDS, MAIL_CHOICES, type ActivityKind, type MailChoice } from "@/lib/services/platform/rules/activity";

const TAG = "Accounts";
const ADMIN = "Super admin";
const idPath = z.object({ id: idSchema });
const notifications = z.object({
  notifications: z.object({
    digestEnabled: z.boolean().describe("The daily digest mail (what guests watched, and the events set to `digest`)."),
    kinds: z
      .object(Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, z.enum(MAIL_CHOICES)])) as Record<ActivityKind, z.ZodEnum<{ [C in MailChoice]: C }>>)
      .describe("The mail each kind of activity event gets: `now` (at once), `digest` (in the daily digest) or `off`."),
  }),
});
/** An account as the API shows it (spec §3 names; never the password hash): built by lib/services/access/accounts.ts `adminDetails`. */
const adminDetailsShape = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["superadmin", "admin"]),
  status: z.string().describe("The account status's display label."),
  plan: z.string().describe("The plan's display label; `n/a` for a studio without a plan."),
  planCode: z.enum(Plan).describe("The plan's code (`plan` is its display name)"),
  credits: z.number().describe("Credits in MB."),
  companyName: z.string(),
  websiteUrl: z.string(),
  companySize: z.string(),
  mediaType: z.array(z.string()),
  jobType: z.string(),
  numberOfClients: z.string(),
  projectSize: z.string(),
  deliveryType: z.array(z.string()),
  heardOption: z.string().nullable(),
  domainurl: z.string().nullable(),
  companyLogoUrl: z.string().nullable().describe("A signed, expiring address (the bucket is private), not the stored key."),
  companyFaviconUrl: z.string().nullable().describe("A signed, expiring address (the bucket is private), not the stored key."),
  socialLinks: socialLinksShape,
  createdAt: date,
});
export type AdminDetails = z.output<typeof adminDetailsShape>;

const nextAuth = raw("next-auth", "next-auth's own answers: the CSRF token, the session, sign-in and sign-out (JSON or a redirect).");

export const accounts = {
  login: door({
    method: "POST",
    path: OPEN_PATHS.login,
    who: "public",
    scope: "none",
    body: loginSchema,
    answer: z.object({ token: z.string().describe("A bearer token (12 h): send it as `Authorization: Bearer <token>`."), data: adminDetailsShape, message: z.string() }),
    errors: ["invalid_credentials", "account_under_review", "forbidden", "rate_limited"],
    summary: "Sign in for an API client: a bearer token",
    tag: TAG,
    example: { email: "studio@example.com", password: "a long passphrase" },
  }),
  register: door({
    method: "POST",
    path: OPEN_PATHS.register,
    who: "public",
    scope: "none",
    body: registerSchema,
    status: 201,
    answer: z.object({ user: z.object({ name: z.string(), email: z.string() }), message: z.string() }),
    errors: ["rate_limited"],
    summary: "Sign up a studio (Not Active until reviewed)",
    description: "The same answer whether or not the email already had an account (its owner is mailed instead).",
    tag: TAG,
  }),
  details: door({
    method: "GET",
    path: "/api/admin/admin-details",
    who: "actor",
    answer: z.object({ admin: adminDetailsShape }),
    summary: "The signed-in account",
    tag: TAG,
  }),
  update: door({
    method: "PUT",
    path: "/api/admin/admin-update/:id",
    who: "actor",
    params: idPath,
    self: "id",
    body: z.union([adminUpdateBodySchema, brandingBodySchema]),
    bodyReadBy: "handler",
    answer: z.object({ admin: adminDetailsShape }),
    errors: ["email_taken", "conflict"],
    summary: "Update an account: a studio its own branding, a super admin any studio's fields",
    tag: TAG,
  }),
  updateProfile: door({
    method: "POST",
    path: "/api/update-profile",
    who: "studio",
    scope: "none",
    body: updateProfileSchema,
    answer: z.object({ admin: adminDetailsShape, message: z.string(), passwordChanged: z.boolean() }),
    errors: ["invalid_credentials", "email_taken", "rate_limited"],
    summary: "Change the studio's name, email or password (the current password required)",
    tag: TAG,
  }),
  validatePassword: door({
    method: "POST",
    path: "/api/validate-password",
    who: "actor",
    scope: "none",
    body: validatePasswordSchema,
    answer: z.object({ valid: z.boolean() }),
    errors: ["rate_limited"],
    summary: "Check the caller's own password",
    tag: TAG,
  }),
  notifications: door({
    method: "GET",
    path: "/api/users/notifications",
    who: "studio",
    answer: notifications,
    summary: "The studio's notification settings",
    tag: TAG,
  }),
  setNotifications: door({
    method: "PUT",
    path: "/api/users/notifications",
    who: "studio",
    body: notificationsSchema,
    answer: notifications,
    summary: "Turn the daily digest on or off, and choose the mail of each kind of activity",
    description: "Either field or both; a kind not named keeps its choice.",
    tag: TAG,
    example: { digestEnabled: true, kinds: { download: "now", first_view: "off" } },
  }),
  passwordReset: door({
    method: "POST",
    path: OPEN_PATHS.passwordReset,
    who: "public",
    scope: "none",
    body: passwordResetRequestSchema,
    answer: messageAnswer,
    errors: ["rate_limited"],
    summary: "Forgot password: mail a reset link (the same answer for any address)",
    tag: TAG,
  }),
  passwordResetComplete: door({
    method: "POST",
    path: OPEN_PATHS.passwordResetComplete,
    who: "public",
    scope: "none",
    body: passwordResetSchema,
    answer: messageAnswer,
    errors: ["unauthorized", "rate_limited"],
    summary: "Set a new password with the mailed one-time token",
    tag: TAG,
    example: { token: "q3Xv9kLm2Rt7Wz4Yb8Nc1Hd6Jf5Gs0Pa", password: "correct horse battery", confirmPassword: "correct horse battery" },
  }),
  nextAuthGet: door({ method: "GET", path: OPEN_PATHS.nextAuth, who: "public", scope: "none", answer: nextAuth, summary: "next-auth: CSRF token, session, providers", tag: TAG }),
  nextAuthPost: door({
    method: "POST",
    path: OPEN_PATHS.nextAuth,
    who: "public",
    scope: "none",
    answer: nextAuth,
    errors: ["invalid_credentials", "rate_limited"],
    summary: "next-auth: browser sign-in and sign-out",
    tag: TAG,
  }),
  clients: door({
    method: "GET",
    path: "/api/admin/all-admin",
    who: "superadmin",
    query: clientListQuerySchema,
    answer: z.object({ admins: z.array(adminDetailsShape), total: z.number(), page: z.number(), pageSize: z.number() }),
    summary: "List studios",
    tag: ADMIN,
  }),
  deleteClient: door({
    method: "DELETE",
    path: "/api/admin/deleteAdmin/:id",
    who: "superadmin",
    params: idPath,
    answer: z.object({ message: z.string(), objects: z.number() }),
    errors: ["conflict"],
    summary: "Delete a studio, its rows and its stored objects",
    tag: ADMIN,
  }),
  impersonate: door({
    method: "GET",
    path: "/api/admin/impersonate/:id",
    who: "superadmin",
    params: idPath,
    answer: urlAnswer,
    errors: ["conflict", "rate_limited"],
    summary: "A one-time sign-in link as a studio (valid for a minute)",
    tag: ADMIN,
  }),
  sendMail: door({
    method: "POST",
    path: "/api/users/sentMail",
    who: "superadmin",
    body: sendMailSchema,
    answer: z.object({ message: z.string(), id: z.string() }),
    summary: "Mail a studio inside Vidfolio's mail layout",
    tag: ADMIN,
    example: { to: "studio@example.com", subject: "Your account is active", html: "<p>Welcome to Vidfolio: your studio can deliver films now.</p>" },
  }),
};
