import Link from "next/link";
import { DateTime } from "@/components/ui/date-time";
import { formatCredits, formatPrice } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { AccountTable } from "@/components/account/account-table";

type Kind = keyof typeof TEXTS.creditKinds;
const KIND_STYLE: Record<Kind, string> = { used: "bg-zinc-100 text-zinc-700", purchased: "bg-emerald-100 text-emerald-800", granted: "bg-sky-100 text-sky-800" };

type History = {
  entries: { id: string; date: string; type: Kind; credits: number; purpose: string; amount: number | null }[];
  total: number;
  page: number;
  pageSize: number;
  purchased: number;
  granted: number;
  used: number;
  balance: number;
};

/** The Credit Usage History table with the balance (purchased and granted minus used) above it. */
export function CreditUsage({ history }: { history: History }) {
  const pages = Math.max(1, Math.ceil(history.total / history.pageSize));
  return (
    <div>
      <dl className={`grid gap-4 ${history.granted > 0 ? "sm:grid-cols-4" : "sm:grid-cols-3"}`}>
        {[
          ["Balance", history.balance, "credit-balance"],
          [TEXTS.creditKinds.purchased, history.purchased, "credit-purchased"],
          // Shown once the studio has had credits given (the starter allowance).
          ...(history.granted > 0 ? [[TEXTS.creditKinds.granted, history.granted, "credit-granted"]] : []),
          [TEXTS.creditKinds.used, history.used, "credit-used"],
        ].map(([label, mb, id]) => (
          <div key={label as string} className="rounded-xl border border-zinc-200 bg-zinc-50 p-4">
            <dt className="text-xs tracking-wide text-zinc-500 uppercase">{label}</dt>
            <dd className="mt-1 text-xl font-semibold" data-testid={id as string}>
              {formatCredits(mb as number)}
            </dd>
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
