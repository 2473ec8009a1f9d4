"use client";
import { Check } from "lucide-react";
import { fontFamily } from "@/lib/services/galleries/rules/fonts";
import { FONT_PAIRS, PAIR_USES, pairOf } from "@/lib/services/galleries/rules/font-pairs";
import { TEXTS } from "@/lib/texts";

type Pair = (typeof FONT_PAIRS)[number];
type Props = { heading: string; body: string; onChoose: (pair: Pair) => void };

/**
 * The curated font pairs (lib/services/galleries/rules/font-pairs.ts), grouped by what they suit:
 * each pair's name drawn in its display face, its faces' names in its text face. Only the editor
 * draws them, so only the editor loads their files (its layout declares the faces; the browser
 * fetches a file when text is drawn in it). The pair the gallery's two fonts make is marked.
 */
export function FontPairPicker({ heading, body, onChoose }: Props) {
  const current = pairOf(heading, body)?.id;
  return (
    <div role="group" aria-labelledby="font-pairs-label">
      <p id="font-pairs-label" className="text-sm font-medium text-zinc-700">
        {TEXTS.fontPairs}
      </p>
      <p className="mt-0.5 text-xs text-zinc-500">{TEXTS.fontPairsHint}</p>
      {PAIR_USES.map((use) => (
        <div key={use} className="mt-4">
          <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{use}</p>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {FONT_PAIRS.filter((p) => p.use === use).map((pair) => {
              const selected = pair.id === current;
              return (
                <button
                  key={pair.id}
                  type="button"
                  aria-pressed={selected}
                  data-testid={`font-pair-${pair.id}`}
                  onClick={() => onChoose(pair)}
                  className={`relative rounded-lg border px-3 py-2.5 text-left transition-colors hover:border-zinc-400 ${selected ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-zinc-200 bg-white"}`}
                >
                  <span className="block truncate pr-5 text-xl font-semibold text-zinc-900" style={{ fontFamily: fontFamily(pair.heading) }}>
                    {pair.name}
                  </span>
                  <span className="mt-0.5 block truncate text-xs text-zinc-600" style={{ fontFamily: fontFamily(pair.body) }}>
                    {TEXTS.fontPairFaces(pair.heading, pair.body)}
                  </span>
                  {selected && <Check className="absolute top-2.5 right-2.5 h-4 w-4 text-brand-600" aria-hidden="true" />}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
