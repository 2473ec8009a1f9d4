"use client";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { CheckCircle2 } from "lucide-react";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { formatCredits } from "@/lib/format";
import { ROUTES } from "@/lib/routes";

type Verified = { paid: boolean; metadata: { plan: string; credits: number } };

/** Spec §4: verifies the session, refreshes the admin details and shows what was recorded. */
export function VerifyPayment({ sessionId }: { sessionId: string }) {
  const router = useRouter();
  const [state, setState] = useState<{ kind: "checking" } | { kind: "done"; v: Verified; balance: number } | { kind: "error"; message: string }>({ kind: "checking" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const v = await apiCall(doors.payments.verify, { params: { sessionId } });
        const { admin } = await apiCall(doors.accounts.details);
        setState({ kind: "done", v, balance: admin.credits });
        router.refresh();
      } catch (e) {
        setState({ kind: "error", message: (e as Error).message });
      }
    })();
  }, [sessionId, router]);

  if (state.kind === "checking") return <p role="status">Confirming your payment…</p>;
  if (state.kind === "error" || !state.v.paid) {
    return (
      <div role="alert">
        <h1 className="text-2xl font-bold">We could not confirm this payment</h1>
        <p className="mt-2 text-zinc-600">{state.kind === "error" ? state.message : "The payment has not been completed."}</p>
        <Link href={ROUTES.checkout} className={buttonClass("dark", "mt-6")}>
          Back to checkout
        </Link>
      </div>
    );
  }
  return (
    <div>
      <CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">Payment successful</h1>
      <p className="mt-2 text-zinc-600">Thank you! Your purchase has been added to your account.</p>
      <dl className="mt-6 grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
        <dt className="text-zinc-500">Plan</dt>
        <dd data-testid="success-plan">{state.v.metadata.plan}</dd>
        <dt className="text-zinc-500">Credits added</dt>
        <dd data-testid="success-credits">{formatCredits(state.v.metadata.credits)}</dd>
        <dt className="text-zinc-500">Balance now</dt>
        <dd data-testid="success-balance">{formatCredits(state.balance)}</dd>
      </dl>
      <Link href={ROUTES.galleries} className={buttonClass("primary", "mt-8")}>
        Go to your galleries
      </Link>
    </div>
  );
}
