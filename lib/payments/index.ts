import "server-only";
import { localProvider } from "@/lib/payments/local";
import { stripeProvider } from "@/lib/payments/stripe";
import type { PaymentProvider } from "@/lib/payments/types";

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local test provider. */
export function paymentProvider(): PaymentProvider {
  return process.env.STRIPE_SECRET_KEY ? stripeProvider : localProvider;
}

export function providerById(id: string): PaymentProvider {
  return id === "stripe" ? stripeProvider : localProvider;
}
