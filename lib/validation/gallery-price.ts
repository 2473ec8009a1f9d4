// Paid delivery's inputs: a gallery's price, and the studio's preview watermark.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { CURRENCIES, formatMoney, isCurrency, priceBounds } from "@/lib/services/money/rules/paid-delivery";
import { hasVisibleCharacter, WATERMARK_OPACITY_MAX, WATERMARK_OPACITY_MIN, WATERMARK_POSITIONS, WATERMARK_TEXT_MAX } from "@/lib/services/money/rules/watermark";

const t = TEXTS.galleryPrice;
const minor = z.number({ error: t.amountInvalid }).int(t.amountInvalid).nonnegative(t.amountInvalid);

/** PUT /api/galleries/gallery/{id}/price: `{ amount, currency, deposit?, dueDate?, payToUnlock, reopen? }`, amounts in minor units. */
export const priceSchema = z
  .object({
    amount: minor,
    currency: z.string({ error: t.currencyInvalid }).trim().toLowerCase().refine(isCurrency, t.currencyInvalid),
    deposit: minor.default(0),
    dueDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, t.dueDateInvalid)
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), t.dueDateInvalid)
      .nullish()
      .transform((d) => d ?? null),
    payToUnlock: z.boolean({ error: t.payToUnlockInvalid }),
    /** Re-prices a paid gallery: its paid state goes (audited). */
    reopen: z.boolean().optional().default(false),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (!isCurrency(p.currency)) return;
    const { min, max } = priceBounds(p.currency);
    if (p.amount < min || p.amount > max) ctx.addIssue({ code: "custom", path: ["amount"], message: t.amountRange(formatMoney(min, p.currency), formatMoney(max, p.currency)) });
    if (p.deposit >= p.amount && p.amount > 0) ctx.addIssue({ code: "custom", path: ["deposit"], message: t.depositTooLarge });
  })
  .transform((p) => ({ ...p, currency: p.currency as keyof typeof CURRENCIES }));
export type PriceInput = z.output<typeof priceSchema>;

/** DELETE /api/galleries/gallery/{id}/price?reopen=true */
export const removePriceQuerySchema = z.object({
  reopen: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

/** The test provider's checkout pages (PAYMENTS_PROVIDER=test). */
export const localGallerySessionPath = z.object({ sessionId: z.string().regex(/^local_gcs_[0-9a-f]{32}$/) });
export const localGalleryPaySchema = z.object({ email: z.email(t.emailInvalid).max(320).nullish() }).strict();

/** PUT /api/payments/watermark */
export const watermarkSchema = z
  .object({
    text: z
      .string()
      // Blank or invisible-only text (spaces, zero-width characters, bidi controls, marks alone) would
      // burn nothing, or nothing a guest can read: a clear 400. "" (or null) is no text of its own.
      .refine((s) => s === "" || hasVisibleCharacter(s), t.watermarkTextInvisible)
      .trim()
      .max(WATERMARK_TEXT_MAX, t.watermarkTextTooLong)
      .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), t.watermarkTextInvalid)
      .nullable()
      .transform((s) => (s ? s : null)),
    logo: z.boolean(),
    position: z.enum(WATERMARK_POSITIONS, { error: t.watermarkPositionInvalid }),
    opacity: z.number().int().min(WATERMARK_OPACITY_MIN, t.watermarkOpacityInvalid).max(WATERMARK_OPACITY_MAX, t.watermarkOpacityInvalid),
  })
  .strict();
export type WatermarkInput = z.output<typeof watermarkSchema>;
