// Plan & Billing: the studio's plan, its renewal, the credits it used of what it had
// and what its files occupy now ("Stored now"), and its invoices as its payment providers keep
// them (Stripe through its SDK; the local test provider its own paid checkouts, so the page works offline).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { bytesToMb } from "@/lib/format";
import { providerById } from "@/lib/payments";
import { ledgerTotals, shownCredits } from "@/lib/services/money/credits";
import { storedBytes } from "@/lib/services/money/stored-now";
import { activeSubscription } from "@/lib/services/money/payments";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { BillingInvoice, BillingOverview } from "@/lib/page-props/billing";

/** How many invoices the page lists. */
const INVOICES_SHOWN = 24;

/** The studio's invoices from every customer it has with a provider, newest first; `failed` when a provider did not answer. */
async function invoicesOf(adminId: string): Promise<{ invoices: BillingInvoice[]; failed: boolean }> {
  const [payments, subscriptions] = await Promise.all([
    db.payment.findMany({ where: { adminId, status: "PAID", providerCustomerId: { not: null } }, select: { provider: true, providerCustomerId: true }, distinct: ["provider", "providerCustomerId"] }),
    db.subscription.findMany({ where: { adminId, providerCustomerId: { not: null } }, select: { provider: true, providerCustomerId: true }, distinct: ["provider", "providerCustomerId"] }),
  ]);
  const customers = new Map([...payments, ...subscriptions].map((c) => [`${c.provider} ${c.providerCustomerId}`, c]));
  let failed = false;
  const lists = await Promise.all(
    [...customers.values()].map(async ({ provider, providerCustomerId }) => {
      const p = providerById(provider);
      if (!p) return [];
      try {
        return await p.listInvoices(providerCustomerId!, INVOICES_SHOWN);
      } catch (err) {
        failed = true;
        log().warn({ err, provider, adminId }, "billing: invoices could not be listed");
        return [];
      }
    }),
  );
  const seen = new Set<string>();
  const invoices = lists
    .flat()
    .filter((i) => !seen.has(i.id) && seen.add(i.id))
    .sort((a, b) => b.date.getTime() - a.date.getTime())
    .slice(0, INVOICES_SHOWN)
    .map((i) => ({ ...i, date: i.date.toISOString() }));
  return { invoices, failed };
}

export async function billingOverview(actor: Actor): Promise<BillingOverview> {
  const [sub, totals, stored, { invoices, failed }] = await Promise.all([activeSubscription(actor), ledgerTotals(db, actor.id), storedBytes(db, actor.id), invoicesOf(actor.id)]);
  const end = sub?.currentPeriodEnd?.toISOString() ?? null;
  const shown = shownCredits(totals);
  return {
    plan: actor.plan,
    renewsAt: sub && !sub.cancelAtPeriodEnd ? end : null,
    endsAt: sub?.cancelAtPeriodEnd ? end : null,
    usedMb: bytesToMb(shown.used),
    totalMb: bytesToMb(shown.had),
    storedMb: bytesToMb(stored),
    invoices,
    invoicesFailed: failed,
  };
}
