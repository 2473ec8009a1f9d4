"use client";
// A film's heat strip drawn with recharts: the film's HEAT_BUCKETS parts left to right, each as
// high as the times it was watched (re-watching adds). Loaded lazily by heat-strip.tsx, so only the
// Insights pay for recharts. The chart is a picture: heat-strip.tsx says what it shows in words.
import { useId } from "react";
import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { clock } from "@/lib/services/guests/rules/insights";
import { TEXTS } from "@/lib/texts";

export type HeatPoint = { at: number; end: number; times: number };

function HeatTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: HeatPoint }[] }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p) return null;
  return (
    <div className="rounded-md bg-zinc-900 px-2 py-1 text-xs text-white shadow">
      {`${clock(p.at)}–${clock(p.end)}: ${p.times > 0 ? TEXTS.insights.timesWatched(p.times) : TEXTS.insights.notWatchedPart}`}
    </div>
  );
}

export default function HeatStripChart({ points }: { points: HeatPoint[] }) {
  const max = Math.max(1, ...points.map((p) => p.times));
  const fill = `heat-${useId().replace(/:/g, "")}`;
  return (
    <ResponsiveContainer width="100%" height={64}>
      <AreaChart data={points} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
        <defs>
          <linearGradient id={fill} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#f97316" stopOpacity={0.9} />
            <stop offset="100%" stopColor="#fdba74" stopOpacity={0.35} />
          </linearGradient>
        </defs>
        <XAxis dataKey="at" type="number" domain={["dataMin", "dataMax"]} hide />
        <YAxis domain={[0, max]} hide />
        <Tooltip content={HeatTooltip} cursor={{ stroke: "#18181b", strokeWidth: 1 }} isAnimationActive={false} />
        <Area type="stepAfter" dataKey="times" stroke="#ea580c" strokeWidth={1.5} fill={`url(#${fill})`} isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
