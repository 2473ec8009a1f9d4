"use client";
import { useState } from "react";
import { toast } from "sonner";
import { Check } from "lucide-react";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useConfirm } from "@/components/ui/confirm";
import { CREDIT_PACKS, CURRENCY, SUBSCRIPTIONS, SUBSCRIPTION_INTERVAL } from "@/lib/services/money/rules/plans";
import { formatPrice } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import type { z } from "zod";
import type { makePaymentSchema } from "@/lib/validation/payments";

/**
 * `unavailable`: why nothing can be bought here (payments are not configured), shown instead of the
 * buttons' effect. `subscriptionPlan`: the plan of the studio's subscription, if it has one: the other
 * plan is then a switch of that subscription (prorated), never a second one.
 */
type Props = { userId: string; email: string; currentPlan: string; subscriptionPlan?: string | null; unavailable?: string | null };

/** The packs and plans of the catalogue, each with its own button to the card checkout. */
export function CheckoutOptions({ userId, email, currentPlan, subscriptionPlan = null, unavailable = null }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const hydrated = useHydrated();
  const confirm = useConfirm();

  async function subscribe(s: (typeof SUBSCRIPTIONS)[number]) {
    if (subscriptionPlan && !(await confirm(TEXTS.switchPlanConfirm(s.name), { title: TEXTS.switchPlanTitle(s.name), confirmLabel: TEXTS.switchPlanButton(s.name), tone: "primary" }))) return;
    await pay(s.plan, { name: s.name, description: `${s.name} plan`, price: s.priceCents, mode: "subscription", interval: SUBSCRIPTION_INTERVAL });
  }

  async function pay(key: string, body: Omit<z.input<typeof makePaymentSchema>, "currency" | "email" | "userId">) {
    setBusy(key);
    try {
      const { url, provider } = await apiCall(doors.payments.checkout, {
        body: { currency: CURRENCY, email, userId, ...body },
      });
      if (url) {
        window.location.assign(url);
        return;
      }
      toast.error(TEXTS.paymentSessionFailed(provider));
    } catch (e) {
      toast.error(e instanceof ApiError && e.status < 500 ? e.message : TEXTS.paymentError);
    }
    setBusy(null);
  }

  return (
    <div className="space-y-12">
      {unavailable && (
        <p role="alert" data-testid="payments-unavailable" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {unavailable}
        </p>
      )}
      <section aria-labelledby="packs">
        <h2 id="packs" className="text-lg font-semibold">
          On Demand credit packs
        </h2>
        <p className="mt-1 text-sm text-zinc-600">No monthly fee. One credit is 5 GB of storage. Without white-labeling.</p>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {CREDIT_PACKS.map((p) => (
            <li key={p.id} className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-5" data-testid={`pack-${p.credits}`}>
              <p className="text-sm font-medium text-zinc-500">{p.credits} credits</p>
              <p className="mt-1 text-2xl font-bold">{p.gb}GB</p>
              <p className="mt-1 text-zinc-700">{formatPrice(p.priceCents)}</p>
              <button
                type="button"
                className={buttonClass("dark", "mt-5")}
                disabled={busy !== null || !hydrated || unavailable !== null}
                onClick={() => pay(p.id, { name: "On Demand", description: `${p.credits} credits = ${p.gb}GB`, price: p.priceCents, mode: "payment", credits: p.credits })}
              >
                {busy === p.id ? "Opening checkout…" : `Buy ${p.credits} credits`}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="plans">
        <h2 id="plans" className="text-lg font-semibold">
          Subscriptions
        </h2>
        <p className="mt-1 text-sm text-zinc-600">Billed monthly. Includes 2 years of gallery access and downloads, and white-labeling.</p>
        <ul className="mt-5 grid gap-4 md:grid-cols-2">
          {SUBSCRIPTIONS.map((s) => (
            <li key={s.plan} className="flex flex-col rounded-2xl border border-zinc-200 bg-white p-6" data-testid={`plan-${s.plan}`}>
              <div className="flex items-center justify-between">
                <h3 className="text-lg font-semibold">{s.name}</h3>
                {currentPlan === s.plan && <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">Current plan</span>}
              </div>
              <p className="mt-2">
                <span className="text-3xl font-bold">{formatPrice(s.priceCents)}</span> <span className="text-zinc-500">per month</span>
              </p>
              <ul className="mt-4 space-y-2 text-sm">
                {[`${s.uploadPerYear} upload per year`, "2 years of gallery access and downloads", "White-labeling"].map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="h-4 w-4 text-brand-600" aria-hidden="true" /> {f}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={buttonClass("primary", "mt-6")}
                disabled={busy !== null || !hydrated || unavailable !== null || currentPlan === s.plan || subscriptionPlan === s.plan}
                onClick={() => void subscribe(s)}
              >
                {busy === s.plan ? (subscriptionPlan ? TEXTS.switchingPlan : "Opening checkout…") : subscriptionPlan ? TEXTS.switchPlanButton(s.name) : `Subscribe to ${s.name}`}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
