import type { PageConfig } from "next";
import { MarketingFrame } from "@/components/marketing/marketing-frame";
import { PlanCards } from "@/components/marketing/plan-cards";

// Sent without any script (components/marketing/marketing-frame.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };

export default function PricingPage() {
  return (
    <MarketingFrame path="/pricing" title={"Pricing"}>
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mb-12 text-center">
          <h1 className="text-4xl font-bold tracking-tight">Pricing</h1>
          <p className="mx-auto mt-3 max-w-xl text-zinc-600">
            Storage is counted in credits. Pay as you go with On Demand packs, or subscribe to Pro or Unlimited for a year of uploads and white-labelled galleries. Prices in US dollars.
          </p>
        </div>
        <PlanCards />
      </section>
    </MarketingFrame>
  );
}
