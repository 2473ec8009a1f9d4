// The local test provider, used only when PAYMENTS_PROVIDER=test (lib/payments/index.ts): its
// checkout page (clearly marked test mode, no card) is served by this app, and its "provider side"
// state is the Payment row's status. Paying leads through exactly the same fulfillment as Stripe.
import "@/lib/server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { PaymentProvider } from "@/lib/payments/types";

const LOCAL_CHECKOUT_PATH = "/checkout/test";
/** The test provider's onboarding page for a studio's account (its stand-in for Stripe's). */
const LOCAL_CONNECT_PATH = `${LOCAL_CHECKOUT_PATH}/connect`;
const CUSTOMER_PREFIX = "local_cus_";
/** The test provider's checkout page of a guest's payment (public: no studio session). */
const LOCAL_PAY_PATH = "/pay/test";

export const localProvider: PaymentProvider = {
  id: "local",
  name: "Test payments",

  // Its accounts live in the PayoutAccount row alone: onboarding is its page's "Finish" (no details asked).
  connect: {
    async createAccount() {
      return `local_acct_${randomBytes(12).toString("hex")}`;
    },
    async onboardingLink(accountId, { returnUrl }) {
      const back = new URL(returnUrl);
      return `${env().APP_URL}${LOCAL_CONNECT_PATH}/${accountId}?return=${encodeURIComponent(back.pathname + back.search)}`;
    },
    // Its checkout of a gallery's price is a public page of this app (a guest is not signed in).
    async createPayment() {
      const sessionId = `local_gcs_${randomBytes(16).toString("hex")}`;
      return { sessionId, url: `${env().APP_URL}${LOCAL_PAY_PATH}/${sessionId}` };
    },
    async accountState(accountId) {
      const row = await db.payoutAccount.findFirst({ where: { provider: "local", accountId } });
      return { chargesEnabled: row?.chargesEnabled ?? false, payoutsEnabled: row?.payoutsEnabled ?? false, detailsSubmitted: row?.detailsSubmitted ?? false, disabledReason: null };
    },
  },

  async createCheckout() {
    const sessionId = `local_cs_${randomBytes(16).toString("hex")}`;
    return { sessionId, url: `${env().APP_URL}${LOCAL_CHECKOUT_PATH}/${sessionId}` };
  },

  async getCheckout(sessionId) {
    const p = await db.payment.findFirst({ where: { providerSessionId: sessionId, provider: "local" } });
    const paid = p?.status === "PAID";
    return {
      paid,
      customerId: paid ? `${CUSTOMER_PREFIX}${p!.adminId}` : null,
      subscriptionId: paid && p!.mode === "subscription" ? `local_sub_${p!.id}` : null,
    };
  },

  // The local provider keeps no subscription of its own: the Subscription row is its whole state,
  // so a change or an ending is what the service writes there (the same semantics as Stripe's).
  async changeSubscription() {},

  async cancelSubscription() {},

  // Its invoices are its paid checkouts: Plan & Billing works offline as it does with Stripe.
  async listInvoices(customerId, limit) {
    if (!customerId.startsWith(CUSTOMER_PREFIX)) return [];
    const paid = await db.payment.findMany({
      where: { adminId: customerId.slice(CUSTOMER_PREFIX.length), provider: "local", status: "PAID" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit,
    });
    return paid.map((p) => ({
      id: `local_in_${p.id}`,
      number: `TEST-${p.id.slice(0, 8).toUpperCase()}`,
      date: p.fulfilledAt ?? p.createdAt,
      amountCents: p.amountCents,
      currency: p.currency,
      status: "paid",
      url: null,
    }));
  },

  async createPortal(_customerId, returnUrl) {
    return { url: `${env().APP_URL}${LOCAL_CHECKOUT_PATH}/billing?return=${encodeURIComponent(new URL(returnUrl).pathname)}` };
  },
};
