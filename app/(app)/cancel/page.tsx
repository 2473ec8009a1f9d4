import type { Metadata } from "next";
import Link from "next/link";
import { XCircle } from "lucide-react";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { buttonClass } from "@/components/ui/button";

export const metadata: Metadata = { title: "Payment cancelled", robots: { index: false } };

export default function CancelPage() {
  return (
    <CheckoutShell>
      <div className="mx-auto max-w-lg rounded-2xl border border-zinc-200 bg-white p-8">
        <XCircle className="h-12 w-12 text-zinc-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold">Payment cancelled</h1>
        <p className="mt-2 text-zinc-600">Your payment was cancelled and nothing was charged.</p>
        <div className="mt-8 flex gap-3">
          <Link href="/" className={buttonClass("dark")}>
            Go home
          </Link>
          <Link href="/checkout" className={buttonClass("outline")}>
            Choose a plan
          </Link>
        </div>
      </div>
    </CheckoutShell>
  );
}
