import Link from "next/link";
import { DateTime } from "@/components/ui/date-time";
import { formatCredits, formatPrice } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { AccountTable } from "@/components/account/account-table";
import type { CreditHistory } from "@/lib/page-props/billing";

type Kind = keyof typeof TEXTS.creditKinds;
const KIND_STYLE: Record<Kind, string> = {
  used: "bg-zinc-100 text-zinc-700",
  purchased: "bg-emerald-100 text-emerald-800",
  granted: "bg-sky-100 text-sky-800",
  refund: "bg-amber-100 text-amber-900",
};
const F = TEXTS.creditFigures;

type Figure = { label: string; mb: number; id: string; hint?: string };

/**
 * The Credit Usage History table with its figures above it: the balance (purchased and granted minus
 * credits used, refunds netted), and what the studio's files occupy now ("Stored now").
 */
export function CreditUsage({ history }: { history: CreditHistory }) {
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  const figures: Figure[] = [
    { label: F.balance, mb: history.balance, id: "credit-balance" },
    { label: TEXTS.creditKinds.purchased, mb: history.purchased, id: "credit-purchased" },
    // Shown once the studio has had credits given (the starter allowance).
    ...(history.granted > 0 ? [{ label: TEXTS.creditKinds.granted, mb: history.granted, id: "credit-granted" }] : []),
    { label: F.creditsUsed, mb: history.used, id: "credit-used", hint: F.creditsUsedHint },
    { label: F.storedNow, mb: history.storedMb, id: "credit-stored", hint: F.storedNowHint },
  ];
  return (
    <div>
      <dl className={`grid gap-4 sm:grid-cols-2 ${figures.length > 4 ? "lg:grid-cols-5" : "lg:grid-cols-4"}`}>
        {figures.map((f) => (
          <div key={f.id} className="rounded-xl border border-zinc-200 bg-zinc-50 p-4">
            <dt className="text-xs tracking-wide text-zinc-500 uppercase">{f.label}</dt>
            <dd className="mt-1 text-xl font-semibold" data-testid={f.id}>
              {formatCredits(f.mb)}
            </dd>
            {f.hint && <dd className="mt-1 text-xs text-zinc-500">{f.hint}</dd>}
          </div>
        ))}
      </dl>
      <h2 className="mt-8 text-lg font-semibold">Credit Usage History</h2>
      {history.entries.length === 0 ? (
        <p className="mt-4 text-sm text-zinc-500">No credit activity yet.</p>
      ) : (
        <AccountTable heads={["Date", "Type", "Credits", "Purpose", "Amount"]} testId="credit-rows">
          {history.entries.map((e) => (
            <tr key={e.id}>
              <td className="px-4 py-3 whitespace-nowrap">
                <DateTime value={e.date} />
              </td>
              <td className="px-4 py-3">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_STYLE[e.type]}`}>{TEXTS.creditKinds[e.type]}</span>
              </td>
              <td className="px-4 py-3 tabular-nums">{formatCredits(e.credits)}</td>
              <td className="px-4 py-3">{e.purpose}</td>
              <td className="px-4 py-3 tabular-nums">{e.amount ? formatPrice(e.amount) : "—"}</td>
            </tr>
          ))}
        </AccountTable>
      )}
      {pages > 1 && (
        <nav aria-label="Pagination" className="mt-4 flex items-center justify-end gap-3 text-sm">
          {history.page > 1 && <Link href={`?page=${history.page - 1}`}>Previous</Link>}
          <span className="text-zinc-600">
            Page {history.page} of {pages}
          </span>
          {history.page < pages && <Link href={`?page=${history.page + 1}`}>Next</Link>}
        </nav>
      )}
    </div>
  );
}
