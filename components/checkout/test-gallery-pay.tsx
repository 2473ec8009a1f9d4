"use client";
// Pay and Cancel on the test provider's checkout of a guest's payment (Paid delivery): the payer's e-mail
// (prefilled from a personal link, else typed for the receipt), then back to the gallery.
import { useState } from "react";
import { toast } from "sonner";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { PayCancelButtons } from "@/components/checkout/test-checkout-actions";
import { useHydrated } from "@/components/ui/use-hydrated";
import { inputClass } from "@/components/studio/editor/panel";

/** The words of these actions, in the payer's language (lib/mail/guest-texts/ `checkout`). */
type TestGalleryPayTexts = { email: string; pay: string; cancel: string; closed: { paid: string; expired: string; refunded: string }; back: string };

type Props = { sessionId: string; email: string | null; state: string; back: string; t: TestGalleryPayTexts };

export function TestGalleryPayActions({ sessionId, email: prefilled, state, back, t }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState(prefilled ?? "");
  if (state !== "open")
    return (
      <p className="mt-6 text-sm text-zinc-600">
        {t.closed[state as keyof TestGalleryPayTexts["closed"]] ?? t.closed.expired}{" "}
        <a className="text-brand-700 underline" href={back}>
          {t.back}
        </a>
      </p>
    );
  async function act(action: "pay" | "cancel") {
    setBusy(true);
    try {
      const { url } =
        action === "pay"
          ? await apiCall(doors.delivery.localPay, { params: { sessionId }, body: { email: email.trim() || null } })
          : await apiCall(doors.delivery.localCancel, { params: { sessionId } });
      window.location.assign(url);
    } catch (e) {
      toast.error((e as Error).message);
      setBusy(false);
    }
  }
  return (
    <>
      <label htmlFor="test-pay-email" className="mt-6 block text-sm font-medium text-zinc-700">
        {t.email}
      </label>
      {/* Not editable before hydration: what was typed into the server's input would be lost to the empty state. */}
      <input id="test-pay-email" type="email" className={inputClass} value={email} readOnly={prefilled !== null || !hydrated} onChange={(e) => setEmail(e.target.value)} />
      <PayCancelButtons disabled={busy || !hydrated} onAct={(action) => void act(action)} labels={t} />
    </>
  );
}
