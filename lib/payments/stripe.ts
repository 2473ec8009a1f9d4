// Stripe, through its real SDK. STRIPE_API_BASE points the SDK at another host (tests use a local
// stand-in for Stripe's API).
import "@/lib/server-only";
import Stripe from "stripe";
import { CURRENCY, SUBSCRIPTION_INTERVAL } from "@/lib/services/money/rules/plans";
import type { CheckoutRequest, ConnectedAccountState, PaymentProvider } from "@/lib/payments/types";
import { env } from "@/lib/env";

export function stripeClient(): Stripe {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, telemetry: false, timeout: 20_000 };
  const base = env().STRIPE_API_BASE;
  if (base) {
    const u = new URL(base);
    Object.assign(config!, { host: u.hostname, port: u.port || (u.protocol === "https:" ? 443 : 80), protocol: u.protocol.replace(":", "") });
  }
  return new Stripe(key, config);
}

/** The id of an expandable Stripe field (a string, or an object with an id). */
export const idOf = (v: unknown): string | null => (typeof v === "string" ? v : v && typeof v === "object" && "id" in v ? String((v as { id: unknown }).id) : null);

/** What Vidfolio keeps of a connected account (its object as the API or an `account.updated` event gives it). */
export function accountStateOf(a: { charges_enabled?: unknown; payouts_enabled?: unknown; details_submitted?: unknown; requirements?: unknown }): ConnectedAccountState {
  const reason = (a.requirements as { disabled_reason?: unknown } | null | undefined)?.disabled_reason;
  return {
    chargesEnabled: a.charges_enabled === true,
    payoutsEnabled: a.payouts_enabled === true,
    detailsSubmitted: a.details_submitted === true,
    disabledReason: typeof reason === "string" && reason ? reason.slice(0, 200) : null,
  };
}

export const stripeProvider: PaymentProvider = {
  id: "stripe",
  name: "Stripe",

  connect: {
    async createAccount({ adminId, email }) {
      const account = await stripeClient().accounts.create(
        { type: "express", email, metadata: { adminId }, capabilities: { card_payments: { requested: true }, transfers: { requested: true } } },
        { idempotencyKey: `connect-account:${adminId}` },
      );
      return account.id;
    },
    async onboardingLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripeClient().accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: "account_onboarding" });
      return link.url;
    },
    async accountState(accountId) {
      return accountStateOf(await stripeClient().accounts.retrieve(accountId));
    },
    // A direct charge on the studio's account (Stripe-Account header): the client's money is the
    // studio's, the platform's fee taken as an application fee. Its events reach the Connect endpoint.
    async createPayment(req) {
      const session = await stripeClient().checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency: req.currency, unit_amount: req.amount, product_data: { name: req.name } } }],
          ...(req.email ? { customer_email: req.email } : {}),
          payment_intent_data: { ...(req.feeAmount > 0 ? { application_fee_amount: req.feeAmount } : {}), metadata: req.metadata },
          metadata: req.metadata,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          // The viewer's Portuguese is Brazil's.
          locale: req.language === "pt" ? "pt-BR" : req.language,
        },
        { stripeAccount: req.accountId, idempotencyKey: req.idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe gave the checkout no address");
      return { sessionId: session.id, url: session.url };
    },
  },

  async createCheckout({ adminId, email, item, successUrl, cancelUrl }: CheckoutRequest) {
    const metadata = { adminId, item: item.id, plan: item.plan, creditsMb: String(item.creditsMb) };
    const session = await stripeClient().checkout.sessions.create({
      mode: item.kind === "pack" ? "payment" : "subscription",
      client_reference_id: adminId,
      customer_email: email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CURRENCY,
            unit_amount: item.priceCents,
            product_data: { name: item.name, description: item.description },
            ...(item.kind === "subscription" ? { recurring: { interval: SUBSCRIPTION_INTERVAL } } : {}),
          },
        },
      ],
      metadata,
      ...(item.kind === "subscription" ? { subscription_data: { metadata } } : {}),
      success_url: successUrl,
      cancel_url: cancelUrl,
    });
    return { sessionId: session.id, url: session.url ?? null };
  },

  async getCheckout(sessionId) {
    const s = await stripeClient().checkout.sessions.retrieve(sessionId);
    return {
      paid: s.status === "complete" && (s.payment_status === "paid" || s.payment_status === "no_payment_required"),
      customerId: idOf(s.customer),
      subscriptionId: idOf(s.subscription),
    };
  },

  async changeSubscription(subscriptionId, item) {
    const stripe = stripeClient();
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    const current = sub.items.data[0];
    if (!current) throw new Error(`subscription ${subscriptionId} has no item`);
    if (current.price.metadata?.plan === item.plan) return;
    const metadata = { plan: item.plan, item: item.id, creditsMb: String(item.creditsMb) };
    // The plan's price, named by the plan (its metadata tells a later webhook which plan it is).
    const price = await stripe.prices.create({
      currency: CURRENCY,
      unit_amount: item.priceCents,
      recurring: { interval: SUBSCRIPTION_INTERVAL },
      product_data: { name: item.name },
      metadata,
    });
    await stripe.subscriptions.update(
      subscriptionId,
      { items: [{ id: current.id, price: price.id }], proration_behavior: "create_prorations", metadata },
      { idempotencyKey: `plan-change:${subscriptionId}:${current.price.id}:${item.plan}` },
    );
  },

  async cancelSubscription(subscriptionId) {
    try {
      await stripeClient().subscriptions.cancel(subscriptionId, { prorate: true });
    } catch (e) {
      // Already ended at Stripe: nothing left to do.
      if ((e as { code?: string }).code === "resource_missing" || /canceled subscription/i.test((e as Error).message)) return;
      throw e;
    }
  },

  async listInvoices(customerId, limit) {
    const page = await stripeClient().invoices.list({ customer: customerId, limit });
    return page.data.map((i) => ({
      id: i.id ?? "",
      number: i.number ?? null,
      date: new Date(i.created * 1000),
      amountCents: i.status === "paid" ? i.amount_paid : i.amount_due,
      currency: i.currency,
      status: i.status ?? "draft",
      url: i.hosted_invoice_url ?? null,
    }));
  },

  async createPortal(customerId, returnUrl) {
    const portal = await stripeClient().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return { url: portal.url };
  },
};
