"use client";
// Account → Payments: every payment the studio's clients made, across galleries (GET
// /api/payments/received): date, gallery, payer (or "Marked paid"), amount, platform fee, net and
// status with refunds; a period and a status to filter by, the monthly totals, and the same list as
// CSV for the accountant (GET /api/payments/received/csv with the same filters).
import { useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { galleryPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { PaymentsReceived } from "@/lib/contract/payments";

const T = TEXTS.received;
type Status = "all" | "paid" | "refunded";
const STATUSES: [Status, string][] = [
  ["all", T.statusAll],
  ["paid", T.statusPaid],
  ["refunded", T.statusRefunded],
];
const field = "mt-1 block rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";

/** "2026-11" → "November 2026". */
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

export function PaymentsReceivedList({ initial }: { initial: PaymentsReceived }) {
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [status, setStatus] = useState<Status>("all");
  const query = { ...(from ? { from } : {}), ...(to ? { to } : {}), status };
  const unfiltered = !from && !to && status === "all";
  const periodWrong = from !== "" && to !== "" && from > to;
  const { data, error, isFetching } = useQuery({
    queryKey: ["payments-received", query],
    queryFn: () => apiCall(doors.payments.received, { query }),
    initialData: unfiltered ? initial : undefined,
    enabled: !periodWrong,
  });
  const csv = `${doors.payments.receivedCsv.path}?${new URLSearchParams(query).toString()}`;
  const payments = data?.payments ?? [];

  return (
    <section aria-labelledby="received-title" data-testid="payments-received">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="received-title" className="text-lg font-semibold text-zinc-900">
            {T.title}
          </h2>
          <p className="mt-1 text-sm text-zinc-600">{T.hint}</p>
        </div>
        <a href={csv} download className={buttonClass("outline", "px-3 py-2 text-sm")} aria-disabled={periodWrong || undefined}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {T.csv}
        </a>
      </div>

      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()} aria-label={T.title}>
        <label className="text-sm font-medium text-zinc-700">
          {T.from}
          <input type="date" className={field} value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="text-sm font-medium text-zinc-700">
          {T.to}
          <input type="date" className={field} value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="text-sm font-medium text-zinc-700">
          {T.status}
          <select className={field} value={status} onChange={(e) => setStatus(e.target.value as Status)}>
            {STATUSES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </form>
      {periodWrong && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {T.periodInvalid}
        </p>
      )}
      {error && !periodWrong && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {(error as Error).message}
        </p>
      )}

      {/* On a phone, each payment is a card: the table's columns would leave the amounts off screen. */}
      <ul className="mt-4 flex flex-col gap-2 sm:hidden" aria-busy={isFetching} data-testid="received-cards">
        {payments.map((p) => (
          <li key={`${p.via}-${p.id}`} className="rounded-xl border border-zinc-200 p-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <Link href={galleryPath(p.galleryId, "deliver")} className="min-w-0 truncate font-medium text-zinc-900">
                {p.galleryName}
              </Link>
              <span className="font-semibold whitespace-nowrap tabular-nums">{formatMoney(p.amount, p.currency)}</span>
            </div>
            <p className="mt-0.5 truncate text-zinc-600">{p.payer ?? T.markedPaid}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-zinc-500">
              <span>{formatDateTime(p.at)}</span>
              <span>
                {T.fee} {formatMoney(p.fee, p.currency)} · {T.net} {formatMoney(p.net, p.currency)}
              </span>
              <StatusTag payment={p} />
            </p>
          </li>
        ))}
      </ul>

      <div className="mt-4 hidden overflow-x-auto rounded-xl border border-zinc-200 sm:block" aria-busy={isFetching}>
        <table className="w-full min-w-[44rem] text-left text-sm" data-testid="received-table">
          <TableHead columns={[[T.date], [T.gallery], [T.payer], [T.amount, "end"], [T.fee, "end"], [T.net, "end"], [T.status]]} />
          <tbody className="divide-y divide-zinc-100">
            {payments.map((p) => (
              <tr key={`${p.via}-${p.id}`} data-testid="received-row" className={p.status === "refunded" ? "text-zinc-500" : "text-zinc-900"}>
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(p.at)}</td>
                <td className="max-w-[14rem] truncate px-3 py-2">
                  <Link href={galleryPath(p.galleryId, "deliver")} className="font-medium underline-offset-2 hover:underline">
                    {p.galleryName}
                  </Link>
                </td>
                <td className="max-w-[14rem] truncate px-3 py-2">{p.payer ?? <span className="text-zinc-500">{T.markedPaid}</span>}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(p.amount, p.currency)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(p.fee, p.currency)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(p.net, p.currency)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <StatusTag payment={p} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data && payments.length === 0 && <p className="mt-2 px-3 py-6 text-center text-sm text-zinc-500">{T.empty}</p>}

      {data && data.totals.length > 0 && (
        <div className="mt-6">
          <h3 className="text-sm font-semibold text-zinc-900">{T.monthly}</h3>
          <div className="mt-2 overflow-x-auto rounded-xl border border-zinc-200">
            <table className="w-full min-w-[36rem] text-left text-sm" data-testid="received-totals">
              <TableHead columns={[[T.month], [T.count, "end"], [T.amount, "end"], [T.fee, "end"], [T.net, "end"], [T.statusRefunded, "end"]]} />
              <tbody className="divide-y divide-zinc-100">
                {data.totals.map((m) => (
                  <tr key={`${m.month}-${m.currency}`} data-testid="received-month">
                    <td className="px-3 py-2">{monthName(m.month)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{m.count}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatMoney(m.amount, m.currency)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatMoney(m.fee, m.currency)}</td>
                    <td className="px-3 py-2 text-right font-semibold tabular-nums">{formatMoney(m.net, m.currency)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatMoney(m.refunded, m.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

/** Paid, or refunded (and when). */
function StatusTag({ payment: p }: { payment: PaymentsReceived["payments"][number] }) {
  return p.status === "refunded" ? (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{p.refundedAt ? T.refundedOn(formatDateTime(p.refundedAt)) : T.statusRefunded}</span>
  ) : (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">{T.statusPaid}</span>
  );
}

/** A table's header row: each column's name, numbers' columns aligned to the end. */
function TableHead({ columns }: { columns: [string, "end"?][] }) {
  return (
    <thead className="bg-zinc-50 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
      <tr>
        {columns.map(([name, align]) => (
          <th key={name} scope="col" className={`px-3 py-2 ${align === "end" ? "text-right" : ""}`}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
