// Stripe webhooks: the signature is verified on the raw body, only an allow-list of events is
// handled (one small handler each), and each event id is recorded so a replay changes nothing.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { accountStateOf, idOf, stripeClient } from "@/lib/payments/stripe";
import { applyAccountState } from "@/lib/services/money/payouts";
import { completeGalleryPayment, expireGalleryPayment, refundGalleryPayment } from "@/lib/services/money/gallery-payments";
import { applyPlanChange, endSubscription, fulfill, grantForInvoice, markSubscription } from "@/lib/services/money/payments";
import { mailPaymentFailed, markInvoicePaid } from "@/lib/services/money/plan-lapse";
import { z } from "zod";
import { env } from "@/lib/env";

type Obj = Record<string, unknown>;
const at = (unix: unknown): Date | null => (typeof unix === "number" ? new Date(unix * 1000) : null);

const PLANS = new Set(["PRO", "UNLIMITED"]);

/** The plan a subscription's price (or, for a checkout's own inline price, the subscription) names. */
function planOf(sub: Obj): "PRO" | "UNLIMITED" | null {
  const item = (sub.items as { data?: { price?: { metadata?: Record<string, string> } }[] } | undefined)?.data?.[0];
  const plan = item?.price?.metadata?.plan ?? (sub.metadata as Record<string, string> | undefined)?.plan;
  return plan && PLANS.has(plan) ? (plan as "PRO" | "UNLIMITED") : null;
}

/** What invoice.payment_failed needs of its invoice (ids may come as strings or expanded objects). */
const idOrObject = z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish();
const failedInvoiceSchema = z.object({
  id: z.string().min(1),
  billing_reason: z.string().nullish(),
  subscription: idOrObject,
  parent: z
    .object({ subscription_details: z.object({ subscription: idOrObject }).passthrough().nullish() })
    .passthrough()
    .nullish(),
  next_payment_attempt: z.number().int().nullish(),
});

/** A guest's checkout of a gallery's price (Paid delivery; a Connect endpoint's event) names its payment in its metadata. */
const isGalleryCheckout = (s: Obj): boolean => typeof (s.metadata as Record<string, unknown> | null | undefined)?.galleryPaymentId === "string";

/** A gallery checkout's completion as gallery-payments.ts takes it. */
function galleryCheckoutOf(s: Obj, paid: boolean) {
  const details = s.customer_details as { email?: unknown } | null | undefined;
  const email = typeof details?.email === "string" ? details.email : typeof s.customer_email === "string" ? s.customer_email : null;
  return { provider: "stripe", sessionId: String(s.id), paid, paymentIntent: idOf(s.payment_intent), payerEmail: email };
}

const HANDLERS: Record<string, (o: Obj, created: Date) => Promise<unknown>> = {
  "checkout.session.completed": async (s) => {
    const paid = s.payment_status === "paid" || s.payment_status === "no_payment_required";
    if (isGalleryCheckout(s)) return completeGalleryPayment(galleryCheckoutOf(s, paid));
    return fulfill("stripe", String(s.id), { paid, customerId: idOf(s.customer), subscriptionId: idOf(s.subscription) });
  },
  // A gallery paid by a delayed method (a bank debit): paid when it succeeds, not at the checkout's end.
  "checkout.session.async_payment_succeeded": async (s) => (isGalleryCheckout(s) ? completeGalleryPayment(galleryCheckoutOf(s, true)) : false),
  "checkout.session.expired": async (s) => (isGalleryCheckout(s) ? expireGalleryPayment("stripe", String(s.id)) : false),
  // A refund in Stripe (the studio's dashboard): a full one relocks the gallery it paid.
  "charge.refunded": async (charge) => {
    const intent = idOf(charge.payment_intent);
    return intent ? refundGalleryPayment(intent, charge.refunded === true) : false;
  },
  "invoice.paid": async (inv) => {
    if (inv.billing_reason === "subscription_create") return false; // the checkout grants the first year
    if (typeof inv.id === "string" && inv.id) await markInvoicePaid(inv.id);
    const parent = inv.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    const subscriptionId = idOf(inv.subscription) ?? idOf(parent?.subscription_details?.subscription);
    const line = (inv.lines as { data?: { period?: { start?: number } }[] } | undefined)?.data?.[0];
    const start = at(line?.period?.start) ?? at(inv.period_start);
    if (!subscriptionId || !start) return false;
    return grantForInvoice(String(inv.id), subscriptionId, start);
  },
  "invoice.payment_failed": async (inv) => {
    // A renewal declined: the studio is told once per invoice (Stripe retries it, each failure an
    // event) what happens if it is never paid. The first invoice's failure is the checkout's.
    const parsed = failedInvoiceSchema.safeParse(inv);
    if (!parsed.success || parsed.data.billing_reason === "subscription_create") return false;
    const i = parsed.data;
    const subscriptionId = idOf(i.subscription) ?? idOf(i.parent?.subscription_details?.subscription);
    if (!subscriptionId) return false;
    return mailPaymentFailed(i.id, subscriptionId, at(i.next_payment_attempt));
  },
  "customer.subscription.updated": async (sub, created) => {
    // A change made here or in Stripe's billing portal; an older event never undoes a newer change.
    const plan = planOf(sub);
    if (plan && sub.status !== "canceled") await applyPlanChange(String(sub.id), plan, created);
    const item = (sub.items as { data?: { current_period_end?: number }[] } | undefined)?.data?.[0];
    const currentPeriodEnd = at(sub.current_period_end) ?? at(item?.current_period_end);
    // Set to end: at the period's end, or (newer billing portals) at a date of its own, cancel_at.
    const cancelAt = sub.status === "canceled" ? null : at(sub.cancel_at);
    const ending = sub.status !== "canceled" && (sub.cancel_at_period_end === true || cancelAt !== null);
    await markSubscription(String(sub.id), { cancelAtPeriodEnd: ending, currentPeriodEnd }, ending ? (cancelAt ?? currentPeriodEnd) : null);
  },
  // A studio's connected account (Paid delivery, a Connect endpoint's event): what it may do now; an
  // older event than the state kept changes nothing.
  "account.updated": async (account, created) => (typeof account.id === "string" && account.id ? applyAccountState("stripe", account.id, accountStateOf(account), created) : false),
  // The grace of a plan that ended counts from when it ended (a late delivery takes nothing of it).
  "customer.subscription.deleted": async (sub, created) => endSubscription(String(sub.id), at(sub.ended_at) ?? created),
};

/** Verifies and applies one webhook delivery. A bad signature is a 400 and changes nothing. */
export async function handleStripeWebhook(rawBody: string, signature: string | null) {
  // The platform's endpoint, and a Connect endpoint (studios' accounts) when it has a secret of its own.
  const secrets = [env().STRIPE_WEBHOOK_SECRET, env().STRIPE_CONNECT_WEBHOOK_SECRET].filter((s): s is string => !!s);
  if (!secrets.length) throw new AppError("VALIDATION", "Stripe webhooks are not configured.");
  if (!signature) throw new AppError("VALIDATION", "Missing Stripe-Signature header.");
  type Event = { id: string; type: string; created?: number; data: { object: unknown } };
  let event: Event | null = null;
  for (const secret of secrets) {
    try {
      event = stripeClient().webhooks.constructEvent(rawBody, signature, secret) as Event;
      break;
    } catch {
      // Not this endpoint's signature: the next secret, if any.
    }
  }
  if (!event) throw new AppError("VALIDATION", "Invalid Stripe signature.");
  const handler = HANDLERS[event.type];
  if (!handler) return { received: true, handled: false };
  if (await db.webhookEvent.findUnique({ where: { id: event.id } })) return { received: true, handled: false, duplicate: true };
  // Every handler is itself idempotent, so a delivery racing its own retry still applies once.
  await handler(event.data.object as Obj, at(event.created) ?? new Date());
  await db.webhookEvent.createMany({ data: [{ id: event.id, provider: "stripe", type: event.type }], skipDuplicates: true });
  return { received: true, handled: true };
}
