// What Account → Plan & Billing and Credit Usage History are given (no door answers these: the
// pages render them on the server). lib/services/money/billing.ts builds the summary,
// components/account/plan-summary.tsx shows it; lib/services/money/payments.ts `creditHistory` builds the
// history, components/account/credit-usage.tsx shows it.
import type { CreditType, Plan } from "@/generated/prisma/enums";

export type BillingInvoice = { id: string; number: string | null; date: string; amountCents: number; currency: string; status: string; url: string | null };

export type BillingOverview = {
  plan: Plan;
  /** The subscription's next renewal, or null (no subscription, or one set to end). */
  renewsAt: string | null;
  /** When a subscription set to end stops, or null. */
  endsAt: string | null;
  /** Credits used (uploads' charges less refunds) of what the studio has had (bought and given), in MB. */
  usedMb: number;
  totalMb: number;
  /** What the studio's files occupy in the store today (lib/services/money/stored-now.ts), in MB. */
  storedMb: number;
  invoices: BillingInvoice[];
  /** The provider could not be asked just now: the list may be short. */
  invoicesFailed: boolean;
};

/**
 * The Credit Usage History page: entries newest first (spec §3: date, type, credits, purpose, amount;
 * a `refund` is a rejected file's charge returned, never a purchase) and its figures in MB. `used` is
 * net of refunds, so `balance` = purchased + granted − used (spec §9); `storedMb` is what the
 * studio's files occupy today.
 */
export type CreditHistory = {
  entries: { id: string; date: string; type: CreditType; credits: number; purpose: string; amount: number | null }[];
  total: number;
  page: number;
  pageSize: number;
  purchased: number;
  granted: number;
  used: number;
  balance: number;
  storedMb: number;
};
