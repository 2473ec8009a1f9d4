// The studio's own payment account as the API shows it (issue 41 item 1): built by
// lib/services/payouts.ts for GET /api/payments/connect.
export type PayoutStateDto = {
  /** not_connected: no account yet; onboarding: details being filled in; restricted: held back by the provider; enabled: takes payments. */
  state: "not_connected" | "onboarding" | "restricted" | "enabled";
  /** Whose account: Stripe's, or the local test provider's; null when nothing can be connected. */
  provider: "stripe" | "test" | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** The provider's reason for holding it back, in its words, or null. */
  disabledReason: string | null;
  /** Vidfolio's fee on each client payment, in percent. */
  platformFeePercent: number;
  /** Whether a payment provider is configured at all. */
  configured: boolean;
};
