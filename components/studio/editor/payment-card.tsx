"use client";
// Deliver → Payment (Paid delivery): the gallery's price (amount, currency, a deposit
// received, a due date, Pay to unlock), what is due or who paid, its guests' checkouts, Mark as paid,
// Remove and Reopen. Typed in the currency's major units; the door takes minor units.
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CheckCircle2, CircleAlert, Lock } from "lucide-react";
import { Card, inputClass } from "@/components/studio/editor/panel";
import { Toggle } from "@/components/studio/editor/toggle";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { queryKeys } from "@/lib/browser/query-keys";
import { doors } from "@/lib/contract";
import { formatDateTime } from "@/lib/format";
import { FILE_CHECK_INTERVAL_MS } from "@/lib/limits";
import { CURRENCIES, formatMoney, majorUnits, minorUnits, typedExample, type Currency } from "@/lib/services/money/rules/paid-delivery";
import { TEXTS } from "@/lib/texts";
import type { GalleryPriceDto } from "@/lib/contract/delivery";

const T = TEXTS.galleryPrice;
const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

type Draft = { amount: string; currency: Currency; deposit: string; dueDate: string; payToUnlock: boolean };

function draftOf(p: GalleryPriceDto | undefined): Draft {
  const currency = (p?.currency ?? "eur") as Currency;
  return {
    amount: p?.amount != null ? majorUnits(p.amount, currency) : "",
    currency,
    deposit: p && p.deposit > 0 ? majorUnits(p.deposit, currency) : "",
    dueDate: p?.dueDate ?? "",
    // A gallery without a price yet: Pay to unlock is what a price is set for, on by default.
    payToUnlock: p?.amount != null ? p.payToUnlock : true,
  };
}

export function PaymentCard({ galleryId }: { galleryId: string }) {
  const queryClient = useQueryClient();
  const key = queryKeys.galleryPrice(galleryId);
  const { data: price } = useQuery({
    queryKey: key,
    queryFn: async () => (await apiCall(doors.delivery.price, { params: { id: galleryId } })).price as GalleryPriceDto,
    // While previews are being made, the count follows them (the cards' own interval).
    refetchInterval: (q) => (q.state.data?.previews && q.state.data.previews.ready < q.state.data.previews.films ? FILE_CHECK_INTERVAL_MS : false),
  });
  const { data: payouts } = useQuery({ queryKey: ["payouts"], queryFn: async () => (await apiCall(doors.payments.connectState)).connect });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = draft ?? draftOf(price);
  const paid = price?.paid ?? null;
  const editable = !paid || draft !== null;

  const change = (patch: Partial<Draft>) => {
    setDraft({ ...shown, ...patch });
    setError(null);
  };

  async function run(action: () => Promise<{ price: GalleryPriceDto }>, done: string) {
    setBusy(true);
    setError(null);
    try {
      const { price: next } = await action();
      queryClient.setQueryData(key, next);
      setDraft(null);
      toast.success(done);
    } catch (e) {
      setError(e instanceof Error ? e.message : TEXTS.serverError);
    } finally {
      setBusy(false);
    }
  }

  function save() {
    const amount = minorUnits(shown.amount, shown.currency);
    const deposit = shown.deposit.trim() === "" ? 0 : minorUnits(shown.deposit, shown.currency);
    if (amount === null || deposit === null) return setError(T.amountTyped(typedExample(shown.currency, navigator.language)));
    const body = { amount, currency: shown.currency, deposit, dueDate: shown.dueDate || null, payToUnlock: shown.payToUnlock, reopen: paid !== null };
    void run(() => apiCall(doors.delivery.setPrice, { params: { id: galleryId }, body }), T.saved);
  }

  const money = (n: number) => formatMoney(n, price?.currency ?? shown.currency);

  return (
    <Card className="mt-5">
      <h3 className="text-base font-semibold text-zinc-900">{T.title}</h3>
      <p className="mt-1 text-sm text-zinc-600">{T.hint}</p>

      {price && paid && (
        <p role="status" className="mt-3 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="price-paid">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {paid.via === "hand" ? T.paidByHand(money(paid.amount), formatDateTime(paid.at)) : T.paidBy(money(paid.amount), paid.by ?? "your client", formatDateTime(paid.at))}
        </p>
      )}
      {price && !paid && price.due > 0 && (
        <p role="status" className="mt-3 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="price-due">
          {price.locked ? <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
          {T.due(money(price.due))}
          {price.refundedAt ? ` ${T.refunded(formatDateTime(price.refundedAt))}` : ""}
        </p>
      )}
      {price?.previews && (
        <p className="mt-3 text-sm text-zinc-600" data-testid="price-previews">
          {T.previews(price.previews.ready, price.previews.films)}
        </p>
      )}
      {price && !paid && price.amount !== null && payouts && payouts.state !== "enabled" && <p className="mt-3 text-sm text-zinc-600">{T.payoutsMissing}</p>}

      {editable ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="price-amount" className="block text-sm font-medium text-zinc-700">
              {T.amount}
            </label>
            <input
              id="price-amount"
              inputMode="decimal"
              className={inputClass}
              value={shown.amount}
              onChange={(e) => change({ amount: e.target.value })}
              placeholder={shown.currency === "jpy" ? "120000" : "1250.00"}
            />
          </div>
          <div>
            <label htmlFor="price-currency" className="block text-sm font-medium text-zinc-700">
              {T.currency}
            </label>
            <select id="price-currency" className={inputClass} value={shown.currency} onChange={(e) => change({ currency: e.target.value as Currency })}>
              {CURRENCY_CODES.map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="price-deposit" className="block text-sm font-medium text-zinc-700">
              {T.deposit}
            </label>
            <input id="price-deposit" inputMode="decimal" className={inputClass} value={shown.deposit} onChange={(e) => change({ deposit: e.target.value })} placeholder="0" />
          </div>
          <div>
            <label htmlFor="price-due-date" className="block text-sm font-medium text-zinc-700">
              {T.dueDate}
            </label>
            <input id="price-due-date" type="date" className={inputClass} value={shown.dueDate} onChange={(e) => change({ dueDate: e.target.value })} />
          </div>
          <div className="sm:col-span-2">
            <Toggle id="price-pay-to-unlock" label={T.payToUnlock} checked={shown.payToUnlock} onChange={(v) => change({ payToUnlock: v })} />
            <p className="-mt-1 text-xs text-zinc-500">{T.payToUnlockHint}</p>
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm text-zinc-600">{T.reopenHint}</p>
      )}

      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}

      <div className="mt-5 flex flex-wrap gap-2">
        {editable && (
          <button type="button" className={buttonClass("primary")} onClick={save} disabled={busy || shown.amount.trim() === ""}>
            {T.save}
          </button>
        )}
        {!editable && (
          <button type="button" className={buttonClass("outline")} onClick={() => setDraft(draftOf(price))} disabled={busy}>
            {T.reopen}
          </button>
        )}
        {price && price.amount !== null && !paid && (
          <button
            type="button"
            className={buttonClass("outline")}
            disabled={busy}
            onClick={() => window.confirm(T.markPaidConfirm) && void run(() => apiCall(doors.delivery.markPaid, { params: { id: galleryId } }), T.markedPaid)}
          >
            {T.markPaid}
          </button>
        )}
        {price && price.amount !== null && (
          <button
            type="button"
            className={buttonClass("ghost")}
            disabled={busy}
            onClick={() => void run(() => apiCall(doors.delivery.removePrice, { params: { id: galleryId }, query: { reopen: paid ? "true" : undefined } }), T.removed)}
          >
            {T.remove}
          </button>
        )}
      </div>

      {price && price.payments.length > 0 && (
        <div className="mt-5">
          <h4 className="text-sm font-semibold text-zinc-800">{T.payments}</h4>
          <ul className="mt-2 divide-y divide-zinc-100 text-sm" data-testid="price-payments">
            {price.payments.map((p) => (
              <li key={p.createdAt + p.state} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span className="text-zinc-700">
                  {formatMoney(p.amount, p.currency)} · {p.payerEmail ?? "—"}
                </span>
                <span className="text-zinc-500">
                  {T.paymentStates[p.state]} · {formatDateTime(p.paidAt ?? p.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
