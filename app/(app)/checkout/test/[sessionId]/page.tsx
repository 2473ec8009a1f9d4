import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TestProviderPage } from "@/components/checkout/checkout-shell";
import { TestCheckoutActions } from "@/components/checkout/test-checkout-actions";
import { studioPage } from "@/lib/auth/pages";
import { localCheckoutDetails } from "@/lib/services/money";
import { formatPrice } from "@/lib/format";
import { AppError } from "@/lib/errors";

export const metadata: Metadata = { title: "Test checkout", robots: { index: false } };

type Props = { params: Promise<{ sessionId: string }> };

/** The local test provider's checkout: no card, clearly marked, Pay or Cancel. */
export default async function TestCheckoutPage({ params }: Props) {
  const actor = await studioPage();
  const { sessionId } = await params;
  const payment = await localCheckoutDetails(actor, sessionId).catch((e) => {
    // Unknown, someone else's, or the test provider is not enabled (PAYMENTS_PROVIDER=test): no such page.
    if (e instanceof AppError && (e.code === "not_found" || e.code === "forbidden")) notFound();
    throw e;
  });
  return (
    <TestProviderPage note="Test mode — no card is needed and nothing is charged." title="Test checkout">
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">Item</dt>
          <dd className="text-right font-medium" data-testid="checkout-item">
            {payment.description}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">Amount</dt>
          <dd className="font-medium" data-testid="checkout-amount">
            {formatPrice(payment.amountCents)}
            {payment.mode === "subscription" ? " per month" : ""}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">Account</dt>
          <dd>{actor.email}</dd>
        </div>
      </dl>
      {payment.status === "PENDING" ? (
        <TestCheckoutActions sessionId={sessionId} />
      ) : (
        <p className="mt-6 text-sm text-zinc-600">
          This checkout is {payment.status === "PAID" ? "paid" : "cancelled"}.{" "}
          <Link className="font-semibold text-brand-700" href={payment.status === "PAID" ? `/success?session_id=${sessionId}` : "/checkout"}>
            Continue
          </Link>
        </p>
      )}
    </TestProviderPage>
  );
}
