import { Check } from "lucide-react";
import { PLAN_CARDS } from "@/lib/services/money/rules/plans";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

/**
 * The three plan cards from the one catalogue, and what happens when a plan ends. Each card, as a
 * whole, leads to `href`, except the studio's own subscription (`currentPlan`): nothing to choose
 * there (On Demand, its packs, can always be bought again).
 */
export function PlanCards({ href = ROUTES.signup, currentPlan }: { href?: string; currentPlan?: string }) {
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-3">
        {PLAN_CARDS.map((card) => {
          const featured = card.plan === "PRO";
          const current = currentPlan === card.plan;
          const chosen = current && card.plan !== "ON_DEMAND";
          return (
            <li key={card.plan}>
              <CardShell
                href={chosen ? null : href}
                testId={`plan-card-${card.plan}`}
                className={`group flex h-full flex-col rounded-2xl border p-7 transition ${chosen ? "" : "hover:-translate-y-0.5 hover:shadow-xl"} ${
                  featured ? "border-brand-400 bg-zinc-950 text-white shadow-lg" : "border-zinc-200 bg-white"
                }`}
              >
                <div className="flex items-center justify-between">
                  <h3 className="text-lg font-semibold">{card.name}</h3>
                  {current ? (
                    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">Current plan</span>
                  ) : featured ? (
                    <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Most popular</span>
                  ) : null}
                </div>
                <p className="mt-4 flex items-baseline gap-2">
                  <span className={`font-bold tracking-tight ${card.price.startsWith("$") ? "text-4xl" : "text-2xl leading-10"}`}>{card.price}</span>
                  <span className={featured ? "text-zinc-400" : "text-zinc-500"}>{card.priceNote}</span>
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm">
                  {card.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <Check className={`mt-0.5 h-4 w-4 shrink-0 ${featured ? "text-brand-400" : "text-brand-600"}`} aria-hidden="true" />
                      <span>{f}</span>
                    </li>
                  ))}
                </ul>
                {chosen ? (
                  <span className="mt-8 inline-flex justify-center rounded-lg border border-current px-4 py-2.5 text-sm font-semibold opacity-80">{TEXTS.billing.yourPlan}</span>
                ) : (
                  <span
                    className={`mt-8 inline-flex justify-center rounded-lg px-4 py-2.5 text-sm font-semibold ${
                      featured ? "bg-brand-700 text-white group-hover:bg-brand-800" : "bg-zinc-900 text-white group-hover:bg-zinc-800"
                    }`}
                  >
                    Choose {card.name}
                  </span>
                )}
              </CardShell>
            </li>
          );
        })}
      </ul>
      <p data-testid="plan-grace-note" className="mt-6 text-center text-sm text-zinc-600">
        {TEXTS.planLapse.graceNote}
      </p>
    </>
  );
}

/** A card that leads to `href`, or just a card (null: the studio's own plan). */
function CardShell({ href, testId, className, children }: { href: string | null; testId: string; className: string; children: React.ReactNode }) {
  return href ? (
    <a href={href} data-testid={testId} className={className}>
      {children}
    </a>
  ) : (
    <div data-testid={testId} className={className}>
      {children}
    </div>
  );
}
