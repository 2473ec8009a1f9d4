// Credits and plans: checkout, the verified payment, spending, the billing portal, the local test
// provider, Stripe's webhook.
import { z } from "zod";
import { door } from "@/lib/contract/door";
import { OPEN_PATHS } from "@/lib/contract/open-paths";
import { messageAnswer, urlAnswer } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { makePaymentSchema, sessionIdSchema, updatePlanSchema } from "@/lib/validation/payments";

const TAG = "Payments";
const sessionPath = z.object({ sessionId: sessionIdSchema });
const verified = z.object({ paid: z.boolean(), metadata: z.object({ plan: z.string(), credits: z.number() }), description: z.string(), amountCents: z.number() });

export const payments = {
  checkout: door({
    method: "POST",
    path: "/api/admin/makepayment",
    who: "studio",
    scope: "none",
    body: makePaymentSchema,
    answer: z.union([z.object({ url: z.string(), provider: z.string(), plan: z.string(), changed: z.boolean() }), z.object({ url: z.string().nullable(), provider: z.string() })]),
    errors: ["payments_not_configured"],
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
    answer: z.union([verified, z.object({ credits: z.number(), plan: z.string() })]),
    errors: ["not_enough_credits", "idempotency_key_reused"],
    summary: "Apply a verified payment, or spend the studio's credits (Idempotency-Key makes a retry apply once)",
    tag: TAG,
  }),
  portal: door({
    method: "POST",
    path: "/api/payments/portal",
    who: "studio",
    scope: "none",
    answer: urlAnswer,
    errors: ["payments_not_configured"],
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
  stripeWebhook: door({
    method: "POST",
    path: OPEN_PATHS.stripeWebhook,
    who: "public",
    scope: "none",
    body: { kind: "binary", contentType: "application/json", description: "Stripe's event, verified by its Stripe-Signature header on the raw body." },
    answer: z.object({ received: z.boolean(), handled: z.boolean(), duplicate: z.boolean().optional() }),
    summary: "Stripe's events",
    tag: TAG,
  }),
};
