// The card-payment provider behind one interface: Stripe, or the local test provider.
import type { CatalogueItem } from "@/lib/plans";

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
export type Invoice = {
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

export interface PaymentProvider {
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
