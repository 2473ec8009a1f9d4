"use client";
import dynamic from "next/dynamic";
import { clock, heatSummary, timesWatched } from "@/lib/services/guests/rules/insights";
import { HEAT_BUCKETS } from "@/lib/services/guests/rules/engagement";
import { TEXTS } from "@/lib/texts";
import type { HeatPoint } from "@/components/studio/editor/guests/heat-strip-chart";

// recharts loads only when a film's strip is shown (the editor's other sections never pay for it).
const HeatStripChart = dynamic(() => import("@/components/studio/editor/guests/heat-strip-chart"), {
  ssr: false,
  loading: () => <div className="h-16 animate-pulse rounded bg-zinc-100" aria-hidden="true" />,
});

/** A film's heat strip: the chart (a picture) and the same in words for everyone (and screen readers). */
export function HeatStrip({ title, heat, durationSec }: { title: string; heat: number[]; durationSec: number | null }) {
  const t = TEXTS.insights;
  if (!durationSec) return <p className="text-xs text-zinc-500">{t.heatUnknownLength}</p>;
  const summary = heatSummary(heat, durationSec);
  if (!summary.peak) return <p className="text-xs text-zinc-500">{t.heatNone}</p>;
  const width = durationSec / HEAT_BUCKETS;
  const points: HeatPoint[] = timesWatched(heat, durationSec).map((times, i) => ({ at: i * width, end: (i + 1) * width, times }));
  const words = t.heatSummary(summary.coveredPercent, clock(summary.peak.startSec), clock(summary.peak.endSec), t.timesWatched(summary.peak.times));
  return (
    <figure className="m-0">
      <div role="img" aria-label={t.heatLabel(title)} data-testid="heat-strip" className="h-16 w-full overflow-hidden rounded bg-zinc-50">
        <HeatStripChart points={points} />
      </div>
      <div className="mt-1 flex justify-between text-[11px] text-zinc-400" aria-hidden="true">
        <span>0:00</span>
        <span>{clock(durationSec)}</span>
      </div>
      <figcaption className="mt-1 text-xs text-zinc-600" data-testid="heat-summary">
        {words}
      </figcaption>
    </figure>
  );
}
