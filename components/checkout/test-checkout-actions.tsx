"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";

/** Pay and Cancel on the local test provider's checkout page. */
export function TestCheckoutActions({ sessionId }: { sessionId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  async function act(action: "pay" | "cancel") {
    setBusy(true);
    try {
      const { url } = await (action === "pay" ? apiCall(doors.payments.localPay, { params: { sessionId } }) : apiCall(doors.payments.localCancel, { params: { sessionId } }));
      router.push(url);
    } catch (e) {
      toast.error((e as Error).message);
      setBusy(false);
    }
  }
  return <PayCancelButtons disabled={busy || !hydrated} onAct={act} />;
}

/** The test provider's Pay and Cancel, side by side (its checkout of a plan or pack, and of a guest's payment, in the guest's words). */
export function PayCancelButtons({
  disabled,
  onAct,
  labels = { pay: "Pay", cancel: "Cancel" },
}: {
  disabled: boolean;
  onAct: (action: "pay" | "cancel") => void;
  labels?: { pay: string; cancel: string };
}) {
  return (
    <div className="mt-8 flex gap-3">
      <button type="button" className={buttonClass("primary", "flex-1 py-3")} disabled={disabled} onClick={() => onAct("pay")}>
        {labels.pay}
      </button>
      <button type="button" className={buttonClass("outline", "flex-1 py-3")} disabled={disabled} onClick={() => onAct("cancel")}>
        {labels.cancel}
      </button>
    </div>
  );
}

/** Cancel subscription on the local test provider's billing page. */
export function TestCancelSubscription({ id }: { id: string }) {
  const router = useRouter();
  // Enabled once hydrated: a click before that would be lost (and made the browser test flaky).
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass("danger")}
      disabled={busy || !hydrated}
      onClick={async () => {
        setBusy(true);
        try {
          await apiCall(doors.payments.localCancelSubscription, { params: { id } });
          toast.success("Subscription cancelled");
          router.refresh();
        } catch (e) {
          toast.error((e as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    >
      Cancel subscription
    </button>
  );
}
