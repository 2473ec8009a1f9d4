// The local test provider, used only when PAYMENTS_PROVIDER=test (lib/payments/index.ts): its
// checkout page (clearly marked test mode, no card) is served by this app, and its "provider side"
// state is the Payment row's status. Paying leads through exactly the same fulfillment as Stripe.
import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { PaymentProvider } from "@/lib/payments/types";

export const LOCAL_CHECKOUT_PATH = "/checkout/test";

export const localProvider: PaymentProvider = {
  id: "local",
  name: "Test payments",

  async createCheckout() {
    const sessionId = `local_cs_${randomBytes(16).toString("hex")}`;
    return { sessionId, url: `${env().APP_URL}${LOCAL_CHECKOUT_PATH}/${sessionId}` };
  },

  async getCheckout(sessionId) {
    const p = await db.payment.findFirst({ where: { providerSessionId: sessionId, provider: "local" } });
    const paid = p?.status === "PAID";
    return {
      paid,
      customerId: paid ? `local_cus_${p!.adminId}` : null,
      subscriptionId: paid && p!.mode === "subscription" ? `local_sub_${p!.id}` : null,
    };
  },

  // The local provider keeps no subscription of its own: the Subscription row is its whole state,
  // so a change or an ending is what the service writes there (the same semantics as Stripe's).
  async changeSubscription() {},

  async cancelSubscription() {},

  async createPortal(_customerId, returnUrl) {
    return { url: `${env().APP_URL}${LOCAL_CHECKOUT_PATH}/billing?return=${encodeURIComponent(new URL(returnUrl).pathname)}` };
  },
};
