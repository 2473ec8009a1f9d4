// Paid delivery: a gallery's price, marking it paid, the galleries awaiting payment, the
// studio's preview watermark, a guest's Pay, and the test provider's checkout page.
import { z } from "zod";
import { door } from "@/lib/contract/door";
import { OPEN_PATHS } from "@/lib/contract/open-paths";
import { urlAnswer } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { localGalleryPaySchema, localGallerySessionPath, priceSchema, removePriceQuerySchema, watermarkSchema } from "@/lib/validation/gallery-price";
import { payBodySchema } from "@/lib/validation/invites";

const TAG = "Paid delivery";
const galleryPath = z.object({ id: idSchema });
const date = z.string().describe("ISO 8601");
/** A gallery's price and payments as the studio sees them (lib/services/money/gallery-payments.ts builds it). Amounts in the currency's minor units. */
const priceShape = z.object({
  amount: z.number().nullable().describe("In the currency's minor units (cents; JPY and KRW have none); null: no price."),
  currency: z.string().nullable(),
  deposit: z.number(),
  dueDate: z.string().nullable().describe("YYYY-MM-DD"),
  payToUnlock: z.boolean(),
  due: z.number().describe("What is left to pay (0 when paid, or covered by the deposit)."),
  locked: z.boolean().describe("Guests see watermarked previews only and download nothing."),
  paid: z
    .object({ at: date, by: z.string().nullable(), amount: z.number(), via: z.enum(["checkout", "hand"]) })
    .nullable()
    .describe("Paid: when, by whom (the payer's e-mail; null when marked paid by hand), how much, how."),
  refundedAt: date.nullable().describe("The last refund that relocked it, or null."),
  previews: z
    .object({ ready: z.number(), films: z.number() })
    .nullable()
    .describe("While locked: how many of its ready films have their watermarked preview (a film without one is not shown to guests yet)."),
  payments: z
    .array(
      z.object({
        amount: z.number(),
        currency: z.string(),
        state: z.enum(["open", "paid", "refunded", "expired"]),
        payerEmail: z.string().nullable(),
        createdAt: date,
        paidAt: date.nullable(),
        refundedAt: date.nullable(),
      }),
    )
    .describe("Its guests' checkouts, newest first (at most 20)."),
});
export type GalleryPriceDto = z.output<typeof priceShape>;

/** One of the studio's galleries with something still due. */
const awaitingPaymentShape = z.object({
  galleryId: z.string(),
  folderId: z.string(),
  name: z.string(),
  due: z.number(),
  currency: z.string(),
  dueDate: z.string().nullable(),
  payToUnlock: z.boolean(),
});
export type AwaitingPaymentDto = z.output<typeof awaitingPaymentShape>;

/** The studio's preview watermark (Account → Payments). */
const watermarkShape = z.object({ text: z.string().nullable(), logo: z.boolean(), position: z.string(), opacity: z.number(), hasLogo: z.boolean(), shownName: z.string() });
export type WatermarkDto = z.output<typeof watermarkShape>;

export const delivery = {
  price: door({
    method: "GET",
    path: "/api/galleries/gallery/:id/price",
    who: "studio",
    params: galleryPath,
    answer: z.object({ price: priceShape }),
    summary: "A gallery's price, whether it is paid (when, by whom, how much), and its guests' checkouts",
    tag: TAG,
  }),
  setPrice: door({
    method: "PUT",
    path: "/api/galleries/gallery/:id/price",
    who: "studio",
    params: galleryPath,
    body: priceSchema,
    answer: z.object({ price: priceShape }),
    errors: ["gallery_paid"],
    summary: "Price a gallery: amount, currency, a deposit received, a due date, Pay to unlock",
    description:
      "Amounts in the currency's minor units (125000 = €1,250.00; ¥120000 = 120000). With `payToUnlock`, until the gallery is paid its guests see watermarked previews (at most 720p) and download nothing: every door of clean media answers 402 `payment_required`. A checkout already started keeps its amount. A paid gallery answers 409 `gallery_paid` unless `reopen: true` (its paid state goes, audited).",
    tag: TAG,
    example: { amount: 125000, currency: "eur", deposit: 25000, dueDate: "2026-12-31", payToUnlock: true },
  }),
  removePrice: door({
    method: "DELETE",
    path: "/api/galleries/gallery/:id/price",
    who: "studio",
    params: galleryPath,
    query: removePriceQuerySchema,
    answer: z.object({ price: priceShape }),
    errors: ["gallery_paid"],
    summary: "Remove a gallery's price (a paid one only with ?reopen=true)",
    tag: TAG,
  }),
  markPaid: door({
    method: "POST",
    path: "/api/galleries/gallery/:id/mark-paid",
    who: "studio",
    params: galleryPath,
    answer: z.object({ price: priceShape }),
    errors: ["validation"],
    summary: "Mark a gallery paid by hand (cash, a bank transfer): it unlocks at once; recorded in the audit",
    description: "Marking a paid gallery again changes nothing; a gallery with no price is a 400.",
    tag: TAG,
  }),
  awaiting: door({
    method: "GET",
    path: "/api/galleries/awaiting-payment",
    who: "studio",
    answer: z.object({ galleries: z.array(awaitingPaymentShape) }),
    summary: "The studio's galleries with something still due, the earliest due date first",
    tag: TAG,
  }),
  watermark: door({
    method: "GET",
    path: "/api/payments/watermark",
    who: "studio",
    answer: z.object({ watermark: watermarkShape }),
    summary: "The watermark burned into the previews of unpaid galleries",
    tag: TAG,
  }),
  setWatermark: door({
    method: "PUT",
    path: "/api/payments/watermark",
    who: "studio",
    body: watermarkSchema,
    answer: z.object({ watermark: watermarkShape }),
    summary: "Change the preview watermark: text (null: the studio's name) or the logo, position, opacity (10–90 %)",
    description: "Every unpaid gallery's previews are made again with it; the previous ones play until then.",
    tag: TAG,
    example: { text: "Studio North · Preview", logo: false, position: "center", opacity: 40 },
  }),
  pay: door({
    method: "POST",
    path: OPEN_PATHS.pay,
    who: "public",
    params: z.object({ slug: z.string() }),
    body: payBodySchema,
    answer: urlAnswer,
    errors: ["gallery_locked", "gallery_expired", "invite_required", "invite_invalid", "payouts_not_ready", "conflict", "rate_limited"],
    summary: "A guest's checkout of what the gallery's price leaves due, on the studio's own payment account",
    description:
      "After the gallery gate. 409 `conflict` when nothing is due, 409 `payouts_not_ready` when the studio cannot take payments. A personal link prefills the guest's e-mail; `language` (optional, one of the viewer's six) is the page's: a payer without a personal link gets the checkout page and the receipt in it (a guest, by their own language rule). Asking again while the checkout is open answers the same one. The gallery becomes paid on the checkout's completion (its webhook), for every guest at their next request.",
    tag: TAG,
  }),
  localPay: door({
    method: "POST",
    path: OPEN_PATHS.localGalleryPay,
    who: "public",
    params: localGallerySessionPath,
    body: localGalleryPaySchema,
    answer: urlAnswer,
    summary: "The test provider's checkout page's Pay (PAYMENTS_PROVIDER=test only): completes the payment as Stripe's webhook would",
    tag: TAG,
  }),
  localCancel: door({
    method: "POST",
    path: OPEN_PATHS.localGalleryCancel,
    who: "public",
    params: localGallerySessionPath,
    answer: urlAnswer,
    summary: "The test provider's checkout page's Cancel (PAYMENTS_PROVIDER=test only)",
    tag: TAG,
  }),
};
