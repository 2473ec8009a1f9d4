import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestProviderPage } from "@/components/checkout/checkout-shell";
import { TestGalleryPayActions } from "@/components/checkout/test-gallery-pay";
import { localGalleryCheckout } from "@/lib/services/money";
import { localGallerySessionPath } from "@/lib/validation/gallery-price";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { AppError } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";

export const metadata: Metadata = { title: "Test payment", robots: { index: false } };

type Props = { params: Promise<{ sessionId: string }> };

/**
 * The local test provider's checkout of a guest's payment (Paid delivery, PAYMENTS_PROVIDER=test): public
 * (a guest is not signed in), clearly test mode, no card. Pay completes it as Stripe's webhook would.
 */
export default async function TestGalleryPayPage({ params }: Props) {
  const parsed = localGallerySessionPath.safeParse(await params);
  if (!parsed.success) notFound();
  const c = await localGalleryCheckout(parsed.data.sessionId).catch((e) => {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  });
  return (
    <TestProviderPage note={TEXTS.galleryPrice.testNote} title={TEXTS.galleryPrice.testTitle(c.studio)}>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">For</dt>
          <dd className="text-right">{c.title}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">Amount</dt>
          <dd className="font-semibold" data-testid="test-pay-amount">
            {formatMoney(c.amount, c.currency)}
          </dd>
        </div>
      </dl>
      <TestGalleryPayActions sessionId={c.sessionId} email={c.email} state={c.state} back={c.page} />
    </TestProviderPage>
  );
}
