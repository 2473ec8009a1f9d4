import { DateTime } from "@/components/ui/date-time";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatCredits, formatPrice } from "@/lib/format";
import { PLAN_LABELS } from "@/lib/services/money/rules/plans";
import { TEXTS } from "@/lib/texts";
import type { BillingOverview } from "@/lib/page-props/billing";
import { AccountTable } from "@/components/account/account-table";

const T = TEXTS.billing;
const F = TEXTS.creditFigures;

/**
 * Plan & Billing's summary: the plan and its renewal, the credits used of what the studio has had,
 * and what its files occupy now ("Stored now"). `actions`: Manage billing, when there is a subscription.
 */
export function PlanSummary({ billing, actions }: { billing: BillingOverview; actions?: React.ReactNode }) {
  const percent = billing.totalMb > 0 ? (billing.usedMb / billing.totalMb) * 100 : 0;
  const used = formatCredits(billing.usedMb);
  return (
    <div className="mt-4 grid gap-4 rounded-xl bg-zinc-50 px-4 py-4 text-sm sm:grid-cols-2">
      <div className="space-y-1">
        <p>
          {T.currentPlan}: <strong data-testid="current-plan">{PLAN_LABELS[billing.plan]}</strong>
        </p>
        {billing.renewsAt && (
          <p className="text-zinc-600" data-testid="plan-renews">
            {T.renews} <DateTime value={billing.renewsAt} />
          </p>
        )}
        {billing.endsAt && (
          <p className="text-amber-800" data-testid="plan-ends">
            {T.ends} <DateTime value={billing.endsAt} />
          </p>
        )}
        {actions && <div className="pt-2">{actions}</div>}
      </div>
      <div className="space-y-3">
        <ProgressBar label={F.creditsUsed} percent={percent} testId="credits-used" caption={`${F.creditsUsed}: ${billing.totalMb > 0 ? F.usedOf(used, formatCredits(billing.totalMb)) : used}`} />
        <p className="text-sm text-zinc-600" data-testid="stored-now">
          {F.storedNow}: {formatCredits(billing.storedMb)}
        </p>
        <p className="text-xs text-zinc-500">{F.storedNowHint}</p>
      </div>
    </div>
  );
}

/** The studio's invoices as its payment provider keeps them, newest first. */
export function InvoiceList({ billing }: { billing: BillingOverview }) {
  return (
    <section aria-labelledby="invoices-heading" className="mt-10">
      <h2 id="invoices-heading" className="text-lg font-semibold">
        {T.invoices}
      </h2>
      {billing.invoicesFailed && (
        <p role="status" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {T.invoicesUnavailable}
        </p>
      )}
      {billing.invoices.length === 0 ? (
        !billing.invoicesFailed && <p className="mt-3 text-sm text-zinc-500">{T.noInvoices}</p>
      ) : (
        <AccountTable
          heads={[
            T.invoiceDate,
            T.invoiceNumber,
            T.invoiceAmount,
            T.invoiceStatus,
            <span key="open" className="sr-only">
              {T.invoiceOpen}
            </span>,
          ]}
          testId="invoice-rows"
        >
          {billing.invoices.map((inv) => (
            <tr key={inv.id}>
              <td className="px-4 py-3 whitespace-nowrap">
                <DateTime value={inv.date} />
              </td>
              <td className="px-4 py-3">{inv.number ?? "—"}</td>
              <td className="px-4 py-3 tabular-nums">
                {formatPrice(inv.amountCents)}
                {inv.currency.toLowerCase() !== "usd" && ` ${inv.currency.toUpperCase()}`}
              </td>
              <td className="px-4 py-3 capitalize">{inv.status}</td>
              <td className="px-4 py-3">
                {inv.url && (
                  <a href={inv.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
                    {T.invoiceOpen}
                    <span className="sr-only"> {inv.number ?? ""}</span>
                  </a>
                )}
              </td>
            </tr>
          ))}
        </AccountTable>
      )}
    </section>
  );
}
