import type { PageConfig } from "next";
import { Check, Minus } from "lucide-react";
import { MarketingFrame } from "@/components/marketing/marketing-frame";
import { PlanCards } from "@/components/marketing/plan-cards";
import { PLAN_CARDS, WHITE_LABEL_PLANS } from "@/lib/services/money/rules/plans";
import { PRICING_PAGE } from "@/lib/texts/marketing";
import { ROUTES } from "@/lib/routes";

// Sent without any script (components/marketing/marketing-frame.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };

const T = PRICING_PAGE;

/**
 * What differs by plan, from the plan rules: only white-labeling does (WHITE_LABEL_PLANS); the
 * product's features, a custom domain and the studio's branding have no plan gate in the code.
 */
const BY_PLAN: { label: string; included: (plan: (typeof PLAN_CARDS)[number]["plan"]) => boolean }[] = [
  { label: T.rows.features, included: () => true },
  { label: T.rows.domain, included: () => true },
  { label: T.rows.branding, included: () => true },
  { label: T.rows.whiteLabel, included: (plan) => WHITE_LABEL_PLANS.includes(plan) },
];

export default function PricingPage() {
  return (
    <MarketingFrame path="/pricing" title={"Pricing"}>
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mb-12 text-center">
          <h1 className="text-4xl font-bold tracking-tight">Pricing</h1>
          <p className="mx-auto mt-3 max-w-xl text-zinc-600">{T.lead}</p>
        </div>
        <PlanCards />
      </section>

      <section className="border-t border-zinc-200 bg-zinc-50" aria-labelledby="every-plan">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="every-plan" className="text-2xl font-bold tracking-tight">
              {T.everyPlanTitle}
            </h2>
            <ul className="mt-6 space-y-3" data-testid="every-plan">
              {T.everyPlan.map((f) => (
                <li key={f.name} className="flex gap-2">
                  <Check className="mt-1 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                  <span>
                    <strong className="font-semibold">{f.name}</strong>: {f.text}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-6 text-sm">
              <a href={`${ROUTES.home}#tour`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                {T.tourLink}
              </a>
            </p>
          </div>
          <div className="min-w-0">
            <h2 className="text-2xl font-bold tracking-tight">{T.byPlanTitle}</h2>
            <table className="mt-6 w-full table-fixed border-collapse text-sm" data-testid="plan-by-plan">
              <caption className="sr-only">{T.byPlanCaption}</caption>
              <thead>
                <tr className="border-b border-zinc-300 text-left">
                  <td className="w-2/5 py-2" />
                  {PLAN_CARDS.map((c) => (
                    <th key={c.plan} scope="col" className="px-1 py-2 text-center font-semibold">
                      {c.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {BY_PLAN.map((row) => (
                  <tr key={row.label} className="border-b border-zinc-200">
                    <th scope="row" className="py-3 pr-2 text-left font-normal text-zinc-700">
                      {row.label}
                    </th>
                    {PLAN_CARDS.map((c) => (
                      <td key={c.plan} className="px-1 py-3 text-center">
                        {row.included(c.plan) ? (
                          <Check className="mx-auto h-4 w-4 text-emerald-600" role="img" aria-label={T.yes} />
                        ) : (
                          <Minus className="mx-auto h-4 w-4 text-zinc-400" role="img" aria-label={T.no} />
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
    </MarketingFrame>
  );
}
