"use client";
// Account → Payments (Paid delivery): the studio's own payment account — its state, Vidfolio's
// fee, and the way to connect it or go on with its setup at the provider (Stripe's onboarding, or
// the test provider's page under PAYMENTS_PROVIDER=test).
import { useState } from "react";
import { toast } from "sonner";
import { CheckCircle2, CircleAlert, CircleDashed, ExternalLink } from "lucide-react";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { TEXTS } from "@/lib/texts";
import type { PayoutStateDto } from "@/lib/contract/payments";

const T = TEXTS.payouts;
const TONE: Record<PayoutStateDto["state"], string> = {
  not_connected: "border-zinc-200 bg-zinc-50 text-zinc-700",
  onboarding: "border-amber-200 bg-amber-50 text-amber-900",
  restricted: "border-red-200 bg-red-50 text-red-900",
  enabled: "border-emerald-200 bg-emerald-50 text-emerald-900",
};

type Props = { initial: PayoutStateDto; returned?: "done" | "again" };

export function Payouts({ initial, returned }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const { state } = initial;
  const Icon = state === "enabled" ? CheckCircle2 : state === "not_connected" ? CircleDashed : CircleAlert;
  const action = state === "not_connected" ? (initial.provider === "test" ? T.connectTest : T.connect) : state === "enabled" ? T.update : T.resume;

  async function go() {
    setBusy(true);
    try {
      const { url } = await apiCall(doors.payments.connectStart);
      window.location.assign(url);
    } catch (e) {
      toast.error((e as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className="flex max-w-2xl flex-col gap-5" data-testid="payouts">
      <p className="text-sm text-zinc-600">{T.intro}</p>
      {returned && (
        <p role="status" className="rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700">
          {returned === "done" ? T.returned : T.expired}
        </p>
      )}
      <div className={`flex items-start gap-3 rounded-xl border px-4 py-4 ${TONE[state]}`}>
        <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold" data-testid="payout-state">
            {T.states[state]}
          </p>
          <p className="mt-0.5 text-sm">{T.stateHint[state]}</p>
          {initial.disabledReason && (
            <p className="mt-1 text-xs">
              {T.reasonLabel}: <code>{initial.disabledReason}</code>
            </p>
          )}
        </div>
      </div>
      {initial.configured ? (
        <>
          <p className="text-sm text-zinc-600" data-testid="payout-fee">
            {T.fee(initial.platformFeePercent)}
          </p>
          {initial.provider === "test" && <p className="text-xs font-medium text-amber-800">{T.testMode}</p>}
          <div>
            <button type="button" className={buttonClass(state === "enabled" ? "outline" : "primary")} disabled={busy || !hydrated} onClick={() => void go()}>
              {action}
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        </>
      ) : (
        <p className="text-sm text-zinc-600">{T.notConfigured}</p>
      )}
    </div>
  );
}

/** The test provider's setup page's Finish: the account takes (test) payments; back to Account → Payments. */
export function TestConnectFinish({ accountId, back }: { accountId: string; back: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass("primary", "mt-8 w-full py-3")}
      disabled={busy || !hydrated}
      onClick={async () => {
        setBusy(true);
        try {
          await apiCall(doors.payments.localConnectComplete, { params: { accountId } });
          window.location.assign(back);
        } catch (e) {
          toast.error((e as Error).message);
          setBusy(false);
        }
      }}
    >
      {T.finish}
    </button>
  );
}
