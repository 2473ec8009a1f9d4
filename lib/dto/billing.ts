// The studio's Plan & Billing summary (lib/services/billing.ts builds it, components/account/plan-summary.tsx shows it).
import type { Plan } from "@/generated/prisma/enums";

export type BillingInvoice = { id: string; number: string | null; date: string; amountCents: number; currency: string; status: string; url: string | null };

export type BillingOverview = {
  plan: Plan;
  /** The subscription's next renewal, or null (no subscription, or one set to end). */
  renewsAt: string | null;
  /** When a subscription set to end stops, or null. */
  endsAt: string | null;
  /** Storage used of what the studio has had (bought and given), in MB. */
  usedMb: number;
  totalMb: number;
  invoices: BillingInvoice[];
  /** The provider could not be asked just now: the list may be short. */
  invoicesFailed: boolean;
};
