"use client";
import { useState } from "react";
import { toast } from "sonner";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";

/** Sends a subscriber to the payment provider's billing portal. */
export function ManageBilling() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass("outline")}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { url } = await apiCall(doors.payments.portal);
          window.location.assign(url);
        } catch (e) {
          toast.error((e as Error).message);
          setBusy(false);
        }
      }}
    >
      Manage billing
    </button>
  );
}
