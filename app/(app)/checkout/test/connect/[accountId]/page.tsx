import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestProviderPage } from "@/components/checkout/checkout-shell";
import { TestConnectFinish } from "@/components/account/payouts";
import { studioPage } from "@/lib/auth/pages";
import { localPayoutAccount } from "@/lib/services/money";
import { accountPath, safeRedirectPath } from "@/lib/routes";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";

export const metadata: Metadata = { title: "Test account setup", robots: { index: false } };

type Props = { params: Promise<{ accountId: string }>; searchParams: Promise<{ return?: string }> };

/** Where back to: the studio's own Account → Payments page (an address of this app only, never another site). */
function backTo(value: unknown): string {
  const page = accountPath("payments");
  const safe = safeRedirectPath(typeof value === "string" ? value : null);
  return safe && safe.startsWith(`${page}?`) ? safe : page;
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
    <TestProviderPage note={TEXTS.payouts.testMode} title={TEXTS.payouts.testTitle}>
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
    </TestProviderPage>
  );
}
