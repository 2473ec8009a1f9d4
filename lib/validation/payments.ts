import { z } from "zod";
import { TEXTS } from "@/lib/texts";

/**
 * POST /api/admin/makepayment. The spec's body (name, currency, email, userId, description, price,
 * mode, credits | interval) is accepted, but only `mode` and the item (`credits` for a pack, `name`
 * for a plan) are used: price, credits granted and currency come from the server's catalogue.
 */
export const makePaymentSchema = z.object({
  mode: z.enum(["payment", "subscription"], { error: "mode must be payment or subscription." }),
  name: z.string().max(100).optional(),
  credits: z.number().int().min(0).max(100000).optional(),
  interval: z.literal("month").optional(),
  currency: z.string().max(10).optional(),
  email: z.string().max(254).optional(),
  userId: z.string().max(100).optional(),
  description: z.string().max(500).optional(),
  price: z.number().optional(),
});

export const sessionIdSchema = z
  .string()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, "Invalid session id.");

/** PUT /api/admin/update-plan/{adminId}. Purchases are applied only from a verified payment. */
export const updatePlanSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("purchased"), sessionId: sessionIdSchema, plan: z.string().optional(), credits: z.number().optional(), purpose: z.string().optional() }),
    z.object({
      type: z.literal("used"),
      credits: z
        .number({ error: "credits must be a number of MB." })
        .positive("credits must be positive.")
        .max(1024 * 1024 * 1024),
      purpose: z.string().trim().max(200).optional(),
      amount: z.number().optional(),
      plan: z.string().optional(),
    }),
  ],
  { error: "type must be used or purchased." },
);

/** The optional Idempotency-Key header of a spend: a retry with the same key applies once. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key must be 1 to 255 visible ASCII characters.")
  .optional();

export const creditHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
});

const R = TEXTS.received;
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, R.dayInvalid)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), R.dayInvalid);

/** GET /api/payments/received(/csv)?from=&to=&status=: a period of days (UTC, both included) and a status. */
export const paymentsReceivedQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    status: z.enum(["all", "paid", "refunded"], { error: R.statusInvalid }).optional().default("all"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: R.periodInvalid, path: ["to"] });
export type PaymentsReceivedQuery = z.output<typeof paymentsReceivedQuerySchema>;
