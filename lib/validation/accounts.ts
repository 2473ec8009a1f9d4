// Account schemas shared by the sign-up form, the super-admin editor and their route handlers.
import { z } from "zod";
import { emailSchema, passwordSchema } from "@/lib/validation/auth";
import { CLIENT_COUNTS, COMPANY_SIZES, DELIVERY_TYPES, HEARD_OPTIONS, JOB_TYPES, MEDIA_TYPES, PROJECT_SIZES } from "@/lib/services/access/rules/signup-options";

const requiredText = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`);

/** A web address; `https://` is added when the scheme is missing. */
export const websiteSchema = z
  .string({ error: "Website is required." })
  .trim()
  .min(1, "Website is required.")
  .max(300, "Website is too long.")
  .transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`))
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".");
    } catch {
      return false;
    }
  }, "Enter a valid website address.");

/**
 * One answer of the sign-up's questions about the studio, or none yet ("", or left out): the form
 * enforces only name, email, password, company and website (spec §5); the rest may be answered
 * later, in Account → Company Setting.
 */
const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values, { error: `Choose a ${label}.` }), z.literal("")], { error: `Choose a ${label}.` })
    .optional()
    .transform((v) => v ?? "");

/** Several answers, or none yet. */
const someOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .array(z.enum(values, { error: `Choose valid ${label}.` }), { error: `Choose valid ${label}.` })
    .max(values.length)
    .optional()
    .transform((list) => [...new Set(list ?? [])]);

/** The questions about the studio (sign-up, and later Account → Company Setting). */
const studioProfileFields = {
  companySize: oneOf(COMPANY_SIZES, "company size"),
  mediaType: someOf(MEDIA_TYPES, "media type"),
  jobType: oneOf(JOB_TYPES, "job type"),
  numberOfClients: oneOf(CLIENT_COUNTS, "number of clients"),
  projectSize: oneOf(PROJECT_SIZES, "project size"),
  deliveryType: someOf(DELIVERY_TYPES, "delivery type"),
  heardOption: z
    .union([z.enum(HEARD_OPTIONS), z.literal("")])
    .optional()
    .transform((v) => v || undefined),
};

/** POST /api/admin/register and the /signup form. */
export const registerSchema = z.object({
  name: requiredText("Name"),
  email: emailSchema,
  password: passwordSchema,
  companyName: requiredText("Company name"),
  websiteUrl: websiteSchema,
  ...studioProfileFields,
});

export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

/** The fields a super admin may edit on a client (spec §6), all optional; credits in MB. */
export const clientUpdateSchema = z
  .object({
    name: requiredText("Name"),
    companyName: z.string().trim().max(120, "Company name is too long."),
    email: emailSchema,
    websiteUrl: z.union([z.literal(""), websiteSchema]),
    companySize: z.union([z.literal(""), z.enum(COMPANY_SIZES)]),
    mediaType: z.array(z.enum(MEDIA_TYPES)).max(MEDIA_TYPES.length),
    jobType: z.union([z.literal(""), z.enum(JOB_TYPES)]),
    numberOfClients: z.union([z.literal(""), z.enum(CLIENT_COUNTS)]),
    status: z.enum(["Active", "Not Active"], { error: "Status must be Active or Not Active." }),
    plan: z.enum(["No Plan", "On Demand", "Pro", "Unlimited Plan"], { error: "Choose a valid plan." }),
    role: z.enum(["admin", "superadmin"], { error: "Role must be admin or superadmin." }),
    credits: z
      .number({ error: "Credits must be a number." })
      .finite("Credits must be a number.")
      .min(0, "Credits cannot be negative.")
      .max(1024 * 1024 * 1024, "Credits are too large."),
  })
  .partial()
  .strict();

/** What the super admin's client table sends in `obj` (components/admin/client-table.tsx). */
export type ClientUpdateInput = z.input<typeof clientUpdateSchema>;

/** PUT /api/admin/admin-update/{id} from the super admin: `{ obj: { …fields } }`. */
export const adminUpdateBodySchema = z.object({ obj: clientUpdateSchema });

/** GET /api/admin/all-admin query. */
export const clientListQuerySchema = z.object({
  q: z.string().trim().max(200).optional().default(""),
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(25),
  /** "waiting": only the studios waiting for approval (Not Active studio accounts). */
  filter: z.enum(["all", "waiting"]).optional().default("all"),
});

/** POST /api/users/sentMail */
export const sendMailSchema = z.object({
  to: emailSchema,
  subject: requiredText("Subject", 300),
  html: z.string({ error: "html is required." }).min(1, "html is required.").max(200_000, "html is too long."),
});

/** POST /api/validate-password */
export const validatePasswordSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(512),
});

/** POST /api/update-profile. The current password is required for any change. */
export const updateProfileSchema = z.object({
  name: requiredText("Name"),
  email: emailSchema,
  currentPassword: z.string({ error: "Current password is required." }).min(1, "Current password is required.").max(512),
  newPassword: z.union([z.literal(""), passwordSchema]).optional(),
});
