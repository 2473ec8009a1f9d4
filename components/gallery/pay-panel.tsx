"use client";
// The pay panel of an unpaid gallery with Pay to unlock (Paid delivery): what is due (in the
// viewer's language and the gallery's currency), by when, the deposit received, and Pay, which goes
// to the studio's checkout. Back from it (`#pay=done`), the panel reads the gallery again every
// second until the payment is in: the page then shows the full films and downloads without a reload.
// Once paid, it thanks a payer back from the checkout. Its own chunk: only a priced gallery's page
// loads it (the viewer's first-load budget).
import { useEffect, useState, useSyncExternalStore } from "react";
import { Lock } from "lucide-react";
import { useViewer } from "@/components/gallery/viewer-locale";
import { fill } from "@/lib/viewer-i18n/format";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { fetchGalleryContent, startPayment } from "@/lib/browser/public-gates";
import type { GalleryViewState } from "@/lib/services/galleries/rules/gallery-preview";

type Props = { slug: string; payment: NonNullable<GalleryViewState["payment"]>; onPaid: (state: GalleryViewState) => void };

/** How long a page back from the checkout waits for the payment's webhook, reading every second. */
const WAIT_FOR_PAYMENT_MS = 120_000;

/** The page's `#pay=` (done, cancelled: where the checkout sends the payer back), read once per page load. */
let payReturn: string | null | undefined;
function returned(): string | null {
  if (payReturn === undefined) payReturn = /^#pay=(done|cancelled)$/.exec(window.location.hash)?.[1] ?? null;
  return payReturn;
}

/** Takes `#pay=` off the address: a reload or a shared link then says nothing of a payment. A fragment: nothing is asked of the server, and Next's router never puts it back. */
function dropPayFragment(): void {
  if (/^#pay=/.test(window.location.hash)) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}
const noop = () => () => {};

export default function PayPanel({ slug, payment, onPaid }: Props) {
  const { t, lang, date } = useViewer();
  // null while the server renders and the page hydrates: the same first render on both sides.
  const back = useSyncExternalStore(noop, returned, () => null);
  const [phase, setPhase] = useState<"idle" | "opening" | "failed" | "waited">("idle");
  const confirming = back === "done" && payment.locked && phase === "idle";
  const amount = formatMoney(payment.due, payment.currency, lang);
  useEffect(() => {
    if (back === null) return;
    // Now, and again once Next's router has settled: hydrating a rewritten page, it may write back
    // the address it started with, fragment and all (seen intermittently in the browser tests).
    dropPayFragment();
    const timers = [500, 2000].map((ms) => setTimeout(dropPayFragment, ms));
    return () => timers.forEach(clearTimeout);
  }, [back]);

  useEffect(() => {
    if (!confirming) return;
    let live = true;
    const until = Date.now() + WAIT_FOR_PAYMENT_MS;
    const check = async () => {
      const r = await fetchGalleryContent(slug).catch(() => null);
      if (!live) return;
      if (r?.ok && !r.content.state.payment?.locked) return onPaid(r.content.state);
      if (Date.now() < until) setTimeout(check, 1000);
      else setPhase("waited");
    };
    void check();
    return () => {
      live = false;
    };
  }, [confirming, slug, onPaid]);

  if (!payment.locked) {
    // Paid: a payer back from the checkout is thanked; anyone else sees nothing of it.
    return back === "done" ? (
      <p role="status" className="mx-auto mb-10 max-w-3xl rounded-2xl border border-emerald-400/30 bg-emerald-500/10 px-5 py-3 text-sm text-emerald-100" data-testid="pay-thanks">
        {t.pay.paid}
      </p>
    ) : null;
  }

  async function pay() {
    setPhase("opening");
    const url = await startPayment(slug, lang).catch(() => null);
    if (url) window.location.assign(url);
    else setPhase("failed");
  }

  return (
    <section aria-labelledby="pay-heading" className="mx-auto mb-10 max-w-3xl rounded-2xl border border-white/15 bg-white/5 p-5 text-zinc-100 backdrop-blur" data-testid="pay-panel">
      <div className="flex items-start gap-3">
        <Lock className="mt-1 h-5 w-5 shrink-0 text-[var(--gallery-accent,#fbbf24)]" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="pay-heading" className="text-lg font-semibold">
            {t.pay.heading}
          </h2>
          <p className="mt-1 text-sm text-zinc-300">{t.pay.note}</p>
          <p className="mt-3 text-base font-semibold" data-testid="pay-due">
            {fill(t.pay.due, { amount })}
          </p>
          {payment.deposit > 0 && <p className="text-sm text-zinc-300">{fill(t.pay.deposit, { amount: formatMoney(payment.deposit, payment.currency, lang) })}</p>}
          {payment.dueAt && <p className="text-sm text-zinc-300">{fill(t.pay.dueBy, { date: date(payment.dueAt) })}</p>}
          {confirming ? (
            <p role="status" className="mt-4 text-sm font-medium">
              {t.pay.confirming}
            </p>
          ) : (
            <button
              type="button"
              onClick={pay}
              disabled={phase === "opening"}
              className="mt-4 inline-flex items-center rounded-lg bg-white px-5 py-2.5 text-sm font-semibold text-zinc-900 shadow hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
            >
              {phase === "opening" ? t.pay.paying : fill(t.pay.pay, { amount })}
            </button>
          )}
          {phase === "failed" && (
            <p role="alert" className="mt-2 text-sm text-red-300">
              {t.pay.failed}
            </p>
          )}
          {back === "cancelled" && phase === "idle" && (
            <p role="status" className="mt-2 text-sm text-zinc-300">
              {t.pay.cancelled}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
