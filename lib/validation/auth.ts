import { z } from "zod";

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Email is too long.")
  .pipe(z.email("Enter a valid email address."))
  .transform((e) => e.toLowerCase());

/** POST /api/admin/login and the sign-in forms. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(512, "Password is too long."),
  role: z.enum(["admin", "superadmin"]).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
