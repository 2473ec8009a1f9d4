import type { Metadata } from "next";
import Link from "next/link";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { TestCancelSubscription } from "@/components/checkout/test-checkout-actions";
import { DateTime } from "@/components/ui/date-time";
import { studioPage } from "@/lib/auth/pages";
import { activeSubscription } from "@/lib/services/money";
import { PLAN_LABELS } from "@/lib/services/money/rules/plans";
import { accountPath, safeRedirectPath } from "@/lib/routes";
import { notFound } from "next/navigation";
import { testPaymentsEnabled } from "@/lib/payments";

export const metadata: Metadata = { title: "Test billing", robots: { index: false } };

type Props = { searchParams: Promise<{ return?: string }> };

/** The local test provider's stand-in for a billing portal. */
export default async function TestBillingPage({ searchParams }: Props) {
  const actor = await studioPage();
  if (!testPaymentsEnabled()) notFound();
  const back = (await searchParams).return;
  const sub = await activeSubscription(actor);
  return (
    <CheckoutShell>
      <div className="mx-auto max-w-md rounded-2xl border border-zinc-200 bg-white p-6">
        <p className="text-xs font-semibold tracking-wide text-amber-700 uppercase">Test mode billing</p>
        <h1 className="mt-1 text-xl font-bold">Your subscription</h1>
        {sub ? (
          <div className="mt-4 space-y-4 text-sm">
            <p>
              {PLAN_LABELS[sub.plan]} · active since <DateTime value={sub.createdAt} />
            </p>
            <TestCancelSubscription id={sub.id} />
          </div>
        ) : (
          <p className="mt-4 text-sm text-zinc-600">You have no active subscription.</p>
        )}
        <Link href={safeRedirectPath(back) ?? accountPath("planbill")} className="mt-6 inline-block text-sm font-semibold text-brand-700">
          Return to Vidfolio
        </Link>
      </div>
    </CheckoutShell>
  );
}
