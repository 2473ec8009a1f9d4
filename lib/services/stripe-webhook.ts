// Stripe webhooks: the signature is verified on the raw body, only an allow-list of events is
// handled (one small handler each), and each event id is recorded so a replay changes nothing.
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { idOf, stripeClient } from "@/lib/payments/stripe";
import { applyPlanChange, endSubscription, fulfill, grantForInvoice, markSubscription } from "@/lib/services/payments";
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

const HANDLERS: Record<string, (o: Obj, created: Date) => Promise<unknown>> = {
  "checkout.session.completed": async (s) => {
    const paid = s.payment_status === "paid" || s.payment_status === "no_payment_required";
    return fulfill("stripe", String(s.id), { paid, customerId: idOf(s.customer), subscriptionId: idOf(s.subscription) });
  },
  "invoice.paid": async (inv) => {
    if (inv.billing_reason === "subscription_create") return false; // the checkout grants the first year
    const parent = inv.parent as { subscription_details?: { subscription?: unknown } } | undefined;
    const subscriptionId = idOf(inv.subscription) ?? idOf(parent?.subscription_details?.subscription);
    const line = (inv.lines as { data?: { period?: { start?: number } }[] } | undefined)?.data?.[0];
    const start = at(line?.period?.start) ?? at(inv.period_start);
    if (!subscriptionId || !start) return false;
    return grantForInvoice(String(inv.id), subscriptionId, start);
  },
  "customer.subscription.updated": async (sub, created) => {
    // A change made here or in Stripe's billing portal; an older event never undoes a newer change.
    const plan = planOf(sub);
    if (plan && sub.status !== "canceled") await applyPlanChange(String(sub.id), plan, created);
    const item = (sub.items as { data?: { current_period_end?: number }[] } | undefined)?.data?.[0];
    await markSubscription(String(sub.id), {
      cancelAtPeriodEnd: sub.cancel_at_period_end === true,
      currentPeriodEnd: at(sub.current_period_end) ?? at(item?.current_period_end),
    });
  },
  "customer.subscription.deleted": async (sub) => endSubscription(String(sub.id)),
};

/** Verifies and applies one webhook delivery. A bad signature is a 400 and changes nothing. */
export async function handleStripeWebhook(rawBody: string, signature: string | null) {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError("VALIDATION", "Stripe webhooks are not configured.");
  if (!signature) throw new AppError("VALIDATION", "Missing Stripe-Signature header.");
  let event: { id: string; type: string; created?: number; data: { object: unknown } };
  try {
    event = stripeClient().webhooks.constructEvent(rawBody, signature, secret) as typeof event;
  } catch {
    throw new AppError("VALIDATION", "Invalid Stripe signature.");
  }
  const handler = HANDLERS[event.type];
  if (!handler) return { received: true, handled: false };
  if (await db.webhookEvent.findUnique({ where: { id: event.id } })) return { received: true, handled: false, duplicate: true };
  // Every handler is itself idempotent, so a delivery racing its own retry still applies once.
  await handler(event.data.object as Obj, at(event.created) ?? new Date());
  await db.webhookEvent.createMany({ data: [{ id: event.id, provider: "stripe", type: event.type }], skipDuplicates: true });
  return { received: true, handled: true };
}
