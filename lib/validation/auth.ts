import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { EMAIL_MAX, LOGIN_PASSWORD_MAX } from "@/lib/services/access/rules/account-limits";

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(EMAIL_MAX, "Email is too long.")
  .pipe(z.email("Enter a valid email address."))
  .transform((e) => e.toLowerCase());

/** A new password: sign-up, profile, reset. */
export const passwordSchema = z.string({ error: "Password is required." }).min(8, "Password must be at least 8 characters.").max(200, "Password is too long.");

/** POST /api/admin/login and the sign-in forms. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(LOGIN_PASSWORD_MAX, "Password is too long."),
  role: z.enum(["admin", "superadmin"]).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/password-reset: the address to mail a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

const resetToken = z.string({ error: "The reset link is not valid." }).min(1, "The reset link is not valid.").max(200, "The reset link is not valid.");

/** POST /api/password-reset/complete: the link's token and the new password, typed twice. */
export const passwordResetSchema = z
  .object({
    token: resetToken,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Confirm your new password." }).max(200, "Password is too long."),
  })
  .refine((v) => v.password === v.confirmPassword, { message: TEXTS.passwordResetMismatch, path: ["confirmPassword"] });
