// The home page's tour of what Vidfolio does best: each strength (lib/texts/marketing.ts
// PRODUCT_FEATURES) beside a real screenshot of it, text and picture alternating sides on a desktop.
import { Check } from "lucide-react";
import { PRODUCT_FEATURES } from "@/lib/texts/marketing";
import { SiteShot } from "@/components/marketing/site-shots";

export function ProductTour() {
  return (
    <ol className="mt-12 space-y-16 md:space-y-24">
      {PRODUCT_FEATURES.map((f, i) => (
        <li key={f.id} id={f.id} data-testid={`feature-${f.id}`} className="grid items-center gap-8 md:grid-cols-2 md:gap-12">
          <div className={i % 2 ? "md:order-2" : undefined}>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">{f.name}</p>
            <h3 className="mt-2 text-2xl font-bold tracking-tight">{f.title}</h3>
            <p className="mt-4 text-zinc-600">{f.text}</p>
            <ul className="mt-5 space-y-2 text-sm text-zinc-700">
              {f.points.map((p) => (
                <li key={p} className="flex gap-2">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                  <span>{p}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="min-w-0">
            <SiteShot id={f.id} alt={f.alt} />
          </div>
        </li>
      ))}
    </ol>
  );
}
