import "@/lib/server-only";
import { localProvider } from "@/lib/payments/local";
import { stripeProvider } from "@/lib/payments/stripe";
import type { PaymentProvider } from "@/lib/payments/types";
import { env } from "@/lib/env";

/**
 * Which provider sells. PAYMENTS_PROVIDER chooses: `test` (the local test provider, which grants
 * credits without payment: `npm run dev`, the tests, the e2e server and the benches set it) or
 * `stripe`. Unset: Stripe when STRIPE_SECRET_KEY is set, otherwise none — checkout then answers
 * "payments are not configured" and nothing can be bought.
 */
function chosen(): "test" | "stripe" | null {
  const { PAYMENTS_PROVIDER, STRIPE_SECRET_KEY } = env();
  return PAYMENTS_PROVIDER ?? (STRIPE_SECRET_KEY ? "stripe" : null);
}

/** The provider new checkouts go to, or null when payments are not configured. */
export function paymentProvider(): PaymentProvider | null {
  const choice = chosen();
  if (choice === "test") return localProvider;
  return choice === "stripe" && env().STRIPE_SECRET_KEY ? stripeProvider : null;
}

/**
 * Whether anything can be bought: a provider is chosen and usable (the super admin's panel warns
 * when not, and a new studio's sign-in does not land on a checkout it cannot use).
 */
export const paymentsConfigured = (): boolean => paymentProvider() !== null;

/** The local test provider's pages and pay/cancel calls work only when it was chosen explicitly. */
export const testPaymentsEnabled = (): boolean => chosen() === "test";

/**
 * The provider that created a payment, to verify it with: never another one. The test provider only
 * while it is enabled, so rows it left behind cannot be paid once real payments are configured.
 */
export function providerById(id: string): PaymentProvider | null {
  if (id === "stripe") return stripeProvider;
  if (id === "local" && testPaymentsEnabled()) return localProvider;
  return null;
}
