import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestProviderPage } from "@/components/checkout/checkout-shell";
import { TestGalleryPayActions } from "@/components/checkout/test-gallery-pay";
import { localGalleryCheckout } from "@/lib/services/money";
import { localGallerySessionPath } from "@/lib/validation/gallery-price";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { guestMailTexts } from "@/lib/mail/guest-texts";
import { AppError } from "@/lib/errors";

type Props = { params: Promise<{ sessionId: string }> };

/** The checkout of the page's session, or the 404 page (an unknown session, or not the test provider). */
async function checkoutOf(params: Props["params"]) {
  const parsed = localGallerySessionPath.safeParse(await params);
  if (!parsed.success) notFound();
  return localGalleryCheckout(parsed.data.sessionId).catch((e) => {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  });
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const c = await checkoutOf(params);
  return { title: guestMailTexts(c.language).checkout.pageTitle, robots: { index: false } };
}

/**
 * The local test provider's checkout of a guest's payment (Paid delivery, PAYMENTS_PROVIDER=test): public
 * (a guest is not signed in), clearly test mode, no card, in the payer's language (the guest's, by
 * lib/services/guests/rules/guest-language.ts). Pay completes it as Stripe's webhook would.
 */
export default async function TestGalleryPayPage({ params }: Props) {
  const c = await checkoutOf(params);
  const t = guestMailTexts(c.language);
  const { email, pay, cancel, closed, back } = t.checkout;
  return (
    <TestProviderPage note={t.checkout.testNote} title={t.checkout.title(c.studio)} lang={t.locale}>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">{t.checkout.for}</dt>
          <dd className="text-right">{c.title}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-zinc-500">{t.checkout.amount}</dt>
          <dd className="font-semibold" data-testid="test-pay-amount">
            {formatMoney(c.amount, c.currency, t.locale)}
          </dd>
        </div>
      </dl>
      <TestGalleryPayActions sessionId={c.sessionId} email={c.email} state={c.state} back={c.page} t={{ email, pay, cancel, closed, back }} />
    </TestProviderPage>
  );
}
