import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FlaskConical } from "lucide-react";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { TestConnectFinish } from "@/components/account/payouts";
import { studioPage } from "@/lib/auth/pages";
import { localPayoutAccount } from "@/lib/services/payouts";
import { accountPath } from "@/lib/routes";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";

export const metadata: Metadata = { title: "Test account setup", robots: { index: false } };

type Props = { params: Promise<{ accountId: string }>; searchParams: Promise<{ return?: string }> };

/** Where back to: the studio's own Account → Payments page (an address of this app only, never another site). */
function backTo(value: unknown): string {
  const page = accountPath("payments");
  return typeof value === "string" && value.startsWith(`${page}?`) && !value.includes("//") ? value : page;
}

/** The local test provider's stand-in for Stripe's onboarding (PAYMENTS_PROVIDER=test): no details asked, Finish. */
export default async function TestConnectPage({ params, searchParams }: Props) {
  const actor = await studioPage();
  const { accountId } = await params;
  const account = await localPayoutAccount(actor, accountId).catch((e) => {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  });
  return (
    <CheckoutShell>
      <div className="mx-auto max-w-md">
        <p role="note" className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          <FlaskConical className="h-4 w-4" aria-hidden="true" />
          {TEXTS.payouts.testMode}
        </p>
        <div className="mt-6 rounded-2xl border border-zinc-200 bg-white p-6">
          <h1 className="text-xl font-bold">{TEXTS.payouts.testTitle}</h1>
          <p className="mt-2 text-sm text-zinc-600">{TEXTS.payouts.testBody}</p>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-500">Account</dt>
              <dd className="font-mono text-xs">{account.accountId}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-zinc-500">Studio</dt>
              <dd>{actor.email}</dd>
            </div>
          </dl>
          <TestConnectFinish accountId={account.accountId} back={backTo((await searchParams).return)} />
        </div>
      </div>
    </CheckoutShell>
  );
}
