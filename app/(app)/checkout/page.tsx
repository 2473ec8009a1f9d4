import type { Metadata } from "next";
import Link from "next/link";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { CheckoutOptions } from "@/components/checkout/checkout-options";
import { studioPage } from "@/lib/auth/pages";
import { ROUTES } from "@/lib/routes";
import { paymentProvider } from "@/lib/payments";
import { TEXTS } from "@/lib/texts";
import { activeSubscription } from "@/lib/services/money";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

export default async function CheckoutPage() {
  const actor = await studioPage();
  const sub = await activeSubscription(actor);
  return (
    <CheckoutShell>
      <p className="text-zinc-600">Hi {actor.name}, Choose Your Plan Here to Continue...</p>
      <h1 className="mt-2 mb-10 text-3xl font-bold tracking-tight">Our Pricing Plans</h1>
      <CheckoutOptions userId={actor.id} email={actor.email} currentPlan={actor.plan} subscriptionPlan={sub?.plan ?? null} unavailable={paymentProvider() ? null : TEXTS.paymentsNotConfigured} />
      {actor.plan !== "NO_PLAN" && (
        <p className="mt-10 text-sm">
          <Link href={ROUTES.galleries} className="font-semibold text-brand-700 hover:underline">
            Back to your galleries
          </Link>
        </p>
      )}
    </CheckoutShell>
  );
}
