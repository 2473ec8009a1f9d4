// Credits and plans: checkout, the verified payment, spending, the billing portal, the local test
// provider, Stripe's webhook.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { OPEN_PATHS } from "@/lib/contract/open-paths";
import { EXAMPLE, messageAnswer, urlAnswer } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { makePaymentSchema, paymentsReceivedQuerySchema, sessionIdSchema, updatePlanSchema } from "@/lib/validation/payments";

const TAG = "Payments";
const sessionPath = z.object({ sessionId: sessionIdSchema });
/** The studio's own payment account, for its clients' payments (lib/services/money/payouts.ts builds it). */
const payoutShape = z.object({
  state: z
    .enum(["not_connected", "onboarding", "restricted", "enabled"])
    .describe("not_connected: no account yet; onboarding: details being filled in; restricted: held back by the provider; enabled: takes payments."),
  provider: z.enum(["stripe", "test"]).nullable().describe("Whose account: Stripe's, or the local test provider's; null when nothing can be connected."),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  disabledReason: z.string().nullable().describe("The provider's reason for holding it back, in its words, or null."),
  platformFeePercent: z.number().describe("Vidfolio's fee on each client payment, in percent."),
  configured: z.boolean().describe("Whether a payment provider is configured at all."),
});
export type PayoutStateDto = z.output<typeof payoutShape>;
/** Every payment a studio's clients made (Account → Payments; lib/services/money/payments-received.ts). */
const paymentsReceivedShape = z.object({
  payments: z.array(
    z.object({
      id: z.string().describe("The checkout's id, or the gallery's for a payment marked by hand."),
      at: z.string().describe("When it was paid (ISO 8601)."),
      galleryId: z.string(),
      galleryName: z.string(),
      payer: z.string().nullable().describe("The payer's e-mail; null when the studio marked the gallery paid."),
      amount: z.number().int().describe("In the currency's minor units (125050 = €1,250.50)."),
      currency: z.string().describe("ISO 4217, lower case."),
      fee: z.number().int().describe("Vidfolio's platform fee on it (0 when marked paid)."),
      net: z.number().int().describe("amount − fee."),
      status: z.enum(["paid", "refunded"]),
      refundedAt: z.string().nullable(),
      via: z.enum(["checkout", "hand"]).describe("checkout: paid online; hand: marked paid by the studio."),
    }),
  ),
  totals: z
    .array(
      z.object({
        month: z.string().describe("YYYY-MM (UTC)."),
        currency: z.string(),
        count: z.number().int(),
        amount: z.number().int().describe("Paid and not refunded."),
        fee: z.number().int(),
        net: z.number().int(),
        refunded: z.number().int().describe("Refunded payments of the month."),
      }),
    )
    .describe("Per month and currency, newest first."),
});
export type PaymentsReceived = z.output<typeof paymentsReceivedShape>;
const verified = z.object({ paid: z.boolean(), metadata: z.object({ plan: z.string(), credits: z.number() }), description: z.string(), amountCents: z.number() });

export const payments = {
  received: door({
    method: "GET",
    path: "/api/payments/received",
    who: "studio",
    query: paymentsReceivedQuerySchema,
    answer: paymentsReceivedShape,
    summary: "Every payment the studio's clients made, across galleries",
    description:
      "Checkouts paid on the studio's payment account (with refunds) and galleries marked paid by hand, newest first (at most 5,000), within `from`–`to` (whole UTC days, both included), with monthly totals per currency. The same payments as CSV: `GET /api/payments/received/csv`.",
    tag: TAG,
  }),
  receivedCsv: door({
    method: "GET",
    path: "/api/payments/received/csv",
    who: "studio",
    query: paymentsReceivedQuerySchema,
    answer: raw(
      "file",
      "A CSV attachment for an accountant: one row per payment (date, gallery, payer, amount, currency, platform fee, net, status, refunded, via), amounts in major units.",
      "text/csv",
    ),
    summary: "Every payment the studio's clients made, as CSV",
    tag: TAG,
  }),
  checkout: door({
    method: "POST",
    path: "/api/admin/makepayment",
    who: "studio",
    scope: "none",
    body: makePaymentSchema,
    answer: z.union([z.object({ url: z.string(), provider: z.string(), plan: z.string(), changed: z.boolean() }), z.object({ url: z.string().nullable(), provider: z.string() })]),
    errors: ["payments_not_configured", "conflict", "upstream"],
    summary: "Start a checkout for a credit pack or a plan",
    tag: TAG,
    example: { mode: "payment", credits: 10240 },
  }),
  verify: door({
    method: "GET",
    path: "/api/admin/verify-session/:sessionId",
    who: "studio",
    scope: "none",
    params: sessionPath,
    answer: verified,
    errors: ["conflict", "upstream"],
    summary: "Verify a checkout with the provider and apply it once",
    tag: TAG,
  }),
  updatePlan: door({
    method: "PUT",
    path: "/api/admin/update-plan/:adminId",
    who: "studio",
    scope: "none",
    params: z.object({ adminId: idSchema }),
    self: "adminId",
    body: updatePlanSchema,
    idempotencyKey: true,
    answer: z.union([verified, z.object({ credits: z.number(), plan: z.string() })]),
    errors: ["not_enough_credits", "idempotency_key_reused", "conflict", "upstream"],
    summary: "Apply a verified payment, or spend the studio's credits (Idempotency-Key makes a retry apply once)",
    tag: TAG,
    example: { type: "purchased", sessionId: "cs_test_a1B2c3D4e5F6g7H8" },
  }),
  portal: door({
    method: "POST",
    path: "/api/payments/portal",
    who: "studio",
    scope: "none",
    answer: urlAnswer,
    errors: ["payments_not_configured", "conflict"],
    summary: "A subscriber's billing page",
    tag: TAG,
  }),
  localPay: door({
    method: "POST",
    path: "/api/payments/local/:sessionId/pay",
    who: "studio",
    scope: "none",
    params: sessionPath,
    answer: urlAnswer,
    errors: ["conflict"],
    summary: "The local test checkout's Pay",
    tag: TAG,
  }),
  localCancel: door({
    method: "POST",
    path: "/api/payments/local/:sessionId/cancel",
    who: "studio",
    scope: "none",
    params: sessionPath,
    answer: urlAnswer,
    summary: "The local test checkout's Cancel",
    tag: TAG,
  }),
  localCancelSubscription: door({
    method: "POST",
    path: "/api/payments/local/subscriptions/:id/cancel",
    who: "studio",
    scope: "none",
    params: z.object({ id: idSchema }),
    answer: messageAnswer,
    summary: "The local billing page's Cancel subscription",
    tag: TAG,
  }),
  connectState: door({
    method: "GET",
    path: "/api/payments/connect",
    who: "studio",
    scope: "none",
    answer: z.object({ connect: payoutShape }),
    summary: "The studio's own payment account (its clients pay it) and what it allows",
    description:
      "`state`: not_connected, onboarding (details being filled in), restricted (the provider holds it back: `disabledReason`), enabled (takes payments). Read afresh from the provider while not enabled; `account.updated` webhooks keep it otherwise.",
    tag: TAG,
  }),
  connectStart: door({
    method: "POST",
    path: "/api/payments/connect",
    who: "studio",
    scope: "none",
    answer: urlAnswer,
    errors: ["payments_not_configured"],
    summary: "Where the studio fills in its payment account's details (the account is made at the first call)",
    description: "Stripe: an Express connected account and an Account Link (`account_onboarding`), returning to Account → Payments. Under PAYMENTS_PROVIDER=test, the test provider's own setup page.",
    tag: TAG,
  }),
  localConnectComplete: door({
    method: "POST",
    path: "/api/payments/local/connect/:accountId/complete",
    who: "studio",
    scope: "none",
    params: z.object({ accountId: z.string().regex(/^local_acct_[0-9a-f]{24}$/) }),
    answer: z.object({ connect: payoutShape }),
    summary: "The test provider's setup page's Finish (PAYMENTS_PROVIDER=test only)",
    tag: TAG,
  }),
  stripeWebhook: door({
    method: "POST",
    path: OPEN_PATHS.stripeWebhook,
    who: "public",
    scope: "none",
    body: { kind: "binary", contentType: "application/json", description: "Stripe's event, verified by its Stripe-Signature header on the raw body." },
    answer: z.object({ received: z.boolean(), handled: z.boolean(), duplicate: z.boolean().optional() }),
    summary: "Stripe's events",
    tag: TAG,
    example: JSON.stringify({
      id: "evt_1Qa2B3c4D5e6F7g8",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_a1B2c3D4e5F6g7H8", object: "checkout.session", client_reference_id: EXAMPLE.id } },
    }),
  }),
};
