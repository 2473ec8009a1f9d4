// The studio home's first-hour card: the starter allowance (what it is, what is left) while the
// studio has no plan, and the first delivery's checklist — upload, style, add a guest, send — each
// step a link to where it is done, shown until all four are.
import Link from "next/link";
import { CheckCircle2, Circle, Gift } from "lucide-react";
import { accountPath, galleryPath } from "@/lib/routes";
import { formatBytes } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import type { FirstDeliveryState } from "@/lib/services/studio/rules/first-delivery";

const T = TEXTS.firstDelivery;
const STEPS = ["upload", "style", "guest", "send"] as const;
const SECTION = { upload: "videos", style: "styles", guest: "guests", send: "guests" } as const;

export function FirstDelivery({ state }: { state: FirstDeliveryState }) {
  const done = STEPS.filter((s) => state.steps[s]).length;
  const allDone = done === STEPS.length;
  if (allDone && !state.allowance) return null;
  return (
    <section aria-labelledby="first-delivery-heading" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm" data-testid="first-delivery">
      {state.allowance && (
        <div className="mb-4 rounded-xl bg-brand-50 p-3 text-sm text-brand-900" data-testid="starter-allowance">
          <p className="flex items-center gap-2 font-semibold">
            <Gift className="h-4 w-4" aria-hidden="true" />
            {T.allowanceTitle}
          </p>
          <p className="mt-1">{T.allowanceBody(formatBytes(state.allowance.bytes), formatBytes(state.allowance.leftBytes))}</p>
          <Link href={accountPath("planbill")} className="mt-1 inline-block font-semibold underline underline-offset-2">
            {T.choosePlan}
          </Link>
        </div>
      )}
      {!allDone && (
        <>
          <h2 id="first-delivery-heading" className="flex items-baseline justify-between gap-2 text-base font-semibold text-zinc-900">
            {T.title}
            <span className="text-xs font-normal text-zinc-500">{T.progress(done, STEPS.length)}</span>
          </h2>
          <ol className="mt-3 space-y-2.5 text-sm">
            {STEPS.map((step) => {
              const ok = state.steps[step];
              const Icon = ok ? CheckCircle2 : Circle;
              const label = <span className={ok ? "text-zinc-500 line-through" : "font-medium text-zinc-900"}>{T.steps[step]}</span>;
              return (
                <li key={step} className="flex gap-2.5" data-testid={`first-step-${step}`} data-done={ok}>
                  <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${ok ? "text-emerald-600" : "text-zinc-300"}`} aria-hidden="true" />
                  <div className="min-w-0">
                    {ok || !state.galleryId ? label : <Link href={galleryPath(state.galleryId, SECTION[step])}>{label}</Link>}
                    <span className="sr-only">{ok ? " (done)" : ""}</span>
                    {!ok && <p className="text-xs text-zinc-500">{T.hints[step]}</p>}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}
