// The card-payment provider behind one interface: Stripe, or the local test provider.
import type { CatalogueItem } from "@/lib/services/money/rules/plans";

export type CheckoutRequest = {
  adminId: string;
  email: string;
  item: CatalogueItem;
  successUrl: string; // contains {CHECKOUT_SESSION_ID}
  cancelUrl: string;
};

export type CheckoutState = {
  paid: boolean;
  customerId: string | null;
  subscriptionId: string | null;
};

/** One invoice as the provider keeps it (Plan & Billing lists them). */
type Invoice = {
  id: string;
  /** The provider's invoice number, when it gave one. */
  number: string | null;
  date: Date;
  amountCents: number;
  currency: string;
  /** The provider's word: paid, open, void, … */
  status: string;
  /** The provider's page of the invoice (Stripe's hosted invoice), or null. */
  url: string | null;
};

/** A studio's own account with the provider, as the provider says it is (Paid delivery: the client pays the studio). */
export type ConnectedAccountState = {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Why the provider holds it back, in its words, or null. */
  disabledReason: string | null;
};

/** Stripe Connect (Express accounts, Account Links), or the test provider's stand-in for it. */
interface ConnectProvider {
  /** A new connected account for the studio (Stripe: one per studio even when asked twice, by an idempotency key). */
  createAccount(req: { adminId: string; email: string }): Promise<string>;
  /** Where the studio fills in its details; `returnUrl` when done, `refreshUrl` when the link expired. */
  onboardingLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  accountState(accountId: string): Promise<ConnectedAccountState>;
  /**
   * A checkout of a client's payment on the studio's account (Paid delivery: a direct charge, the
   * platform's fee as `feeAmount`). One per `idempotencyKey` even when asked twice.
   */
  createPayment(req: GalleryCheckoutRequest): Promise<{ sessionId: string; url: string }>;
}

/** A guest's payment of a gallery's price, on the studio's connected account. Amounts in minor units. */
type GalleryCheckoutRequest = {
  accountId: string;
  amount: number;
  currency: string;
  feeAmount: number;
  /** Prefilled on the checkout (a guest's personal link), or null. */
  email: string | null;
  /** The line's name ("<gallery title> – <studio>"). */
  name: string;
  /** Ours, carried by the session and its payment intent: `galleryPaymentId`, `galleryId`. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** The payer's language (lib/services/guests/rules/guest-language.ts): the checkout page speaks it. */
  language: "en" | "es" | "fr" | "de" | "it" | "pt";
};

export interface PaymentProvider {
  /** The studio's own account, for its clients' payments (Paid delivery). */
  connect: ConnectProvider;
  id: "stripe" | "local";
  /** Shown to the studio, e.g. in '<name> session creation failed.' */
  name: string;
  createCheckout(req: CheckoutRequest): Promise<{ sessionId: string; url: string | null }>;
  getCheckout(sessionId: string): Promise<CheckoutState>;
  createPortal(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /**
   * Moves a subscription to another plan at once, prorated (Stripe: the item's price is replaced,
   * `create_prorations`). Asking for the plan it already has changes nothing.
   */
  changeSubscription(subscriptionId: string, item: Extract<CatalogueItem, { kind: "subscription" }>): Promise<void>;
  /** The customer's invoices, newest first (at most `limit`). */
  listInvoices(customerId: string, limit: number): Promise<Invoice[]>;
  /** Ends a subscription now, prorated (one replaced by a newer checkout). Ending an ended one is not an error. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}
