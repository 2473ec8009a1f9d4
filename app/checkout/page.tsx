import type { Metadata } from "next";
import { Logo } from "@/components/ui/logo";
import { PlanCards } from "@/components/marketing/plan-cards";
import { studioPage } from "@/lib/auth/pages";
import { ROUTES } from "@/lib/routes";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

export default async function CheckoutPage() {
  const actor = await studioPage();
  return (
    <div className="min-h-screen bg-zinc-50">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
          <Logo href={ROUTES.galleries} />
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <p className="text-zinc-600">Hi {actor.name}, Choose Your Plan Here to Continue...</p>
        <h1 className="mt-2 mb-10 text-3xl font-bold tracking-tight">Our Pricing Plans</h1>
        <PlanCards href={ROUTES.checkout} currentPlan={actor.plan} />
      </main>
    </div>
  );
}
