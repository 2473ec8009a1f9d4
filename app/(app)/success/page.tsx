import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { VerifyPayment } from "@/components/checkout/verify-payment";
import { studioPage } from "@/lib/auth/pages";

export const metadata: Metadata = { title: "Payment successful", robots: { index: false } };

type Props = { searchParams: Promise<{ session_id?: string }> };

export default async function SuccessPage({ searchParams }: Props) {
  const { session_id } = await searchParams;
  if (!session_id) redirect("/");
  await studioPage();
  return (
    <CheckoutShell>
      <div className="mx-auto max-w-lg rounded-2xl border border-zinc-200 bg-white p-8">
        <VerifyPayment sessionId={session_id} />
      </div>
    </CheckoutShell>
  );
}
