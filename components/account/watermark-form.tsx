"use client";
// Account → Payments → Preview watermark (Paid delivery's previews): the text (or the studio's logo), its
// place and opacity, burned into the previews guests of an unpaid gallery watch. A small picture of a
// frame shows where it goes; saving makes the previews again.
import { useState } from "react";
import { toast } from "sonner";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/studio/editor/panel";
import { TEXTS } from "@/lib/texts";
import { WATERMARK_OPACITY_MAX, WATERMARK_OPACITY_MIN, WATERMARK_POSITIONS, WATERMARK_TEXT_MAX, type WatermarkPosition } from "@/lib/services/money/rules/watermark";
import type { WatermarkDto } from "@/lib/contract/delivery";

const T = TEXTS.galleryPrice;
// A bottom mark sits above the frame's bottom 15 % (the player's controls: lib/media/watermark-filter.ts),
// in this 16:9 picture 8.4 % of its width (padding percentages are of the width).
const PLACE: Record<WatermarkPosition, string> = {
  center: "items-center justify-center",
  "top-left": "items-start justify-start",
  "top-right": "items-start justify-end",
  "bottom-left": "items-end justify-start pb-[8.4%]",
  "bottom-right": "items-end justify-end pb-[8.4%]",
};

export function WatermarkForm({ initial }: { initial: WatermarkDto }) {
  const [text, setText] = useState(initial.text ?? "");
  const [logo, setLogo] = useState(initial.logo && initial.hasLogo);
  const [position, setPosition] = useState<WatermarkPosition>((WATERMARK_POSITIONS as readonly string[]).includes(initial.position) ? (initial.position as WatermarkPosition) : "center");
  const [opacity, setOpacity] = useState(initial.opacity);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shownText = text.trim() || initial.shownName;

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await apiCall(doors.delivery.setWatermark, { body: { text: text.trim() || null, logo, position, opacity } });
      toast.success(T.watermarkSaved);
    } catch (e) {
      setError(e instanceof Error ? e.message : TEXTS.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="max-w-2xl rounded-xl border border-zinc-200 bg-white p-5" aria-labelledby="watermark-title" data-testid="watermark-form">
      <h2 id="watermark-title" className="text-base font-semibold text-zinc-900">
        {T.watermarkTitle}
      </h2>
      <p className="mt-1 text-sm text-zinc-600">{T.watermarkHint}</p>
      <div className="mt-4 grid gap-5 sm:grid-cols-[1fr_220px]">
        <div className="flex flex-col gap-4">
          <div>
            <label htmlFor="watermark-text" className="block text-sm font-medium text-zinc-700">
              {T.watermarkText}
            </label>
            <input
              id="watermark-text"
              className={inputClass}
              value={text}
              maxLength={WATERMARK_TEXT_MAX}
              placeholder={T.watermarkTextPlaceholder(initial.shownName)}
              onChange={(e) => setText(e.target.value)}
              disabled={logo}
            />
          </div>
          <div className="flex items-center gap-2">
            <input id="watermark-logo" type="checkbox" className="h-4 w-4" checked={logo} disabled={!initial.hasLogo} onChange={(e) => setLogo(e.target.checked)} />
            <label htmlFor="watermark-logo" className="text-sm text-zinc-800">
              {T.watermarkUseLogo}
            </label>
          </div>
          {!initial.hasLogo && <p className="-mt-2 text-xs text-zinc-500">{T.watermarkNoLogo}</p>}
          <div>
            <label htmlFor="watermark-position" className="block text-sm font-medium text-zinc-700">
              {T.watermarkPosition}
            </label>
            <select id="watermark-position" className={inputClass} value={position} onChange={(e) => setPosition(e.target.value as WatermarkPosition)}>
              {WATERMARK_POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {T.watermarkPositions[p]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="watermark-opacity" className="block text-sm font-medium text-zinc-700">
              {T.watermarkOpacity}: {opacity} %
            </label>
            <input
              id="watermark-opacity"
              type="range"
              className="mt-2 w-full"
              min={WATERMARK_OPACITY_MIN}
              max={WATERMARK_OPACITY_MAX}
              step={5}
              value={opacity}
              onChange={(e) => setOpacity(Number(e.target.value))}
            />
          </div>
        </div>
        <div aria-hidden="true" className={`flex aspect-video rounded-lg bg-gradient-to-br from-zinc-700 to-zinc-900 p-2 ${PLACE[position]}`}>
          <span className="max-w-full truncate rounded px-1 text-sm font-semibold text-white" style={{ opacity: opacity / 100 }}>
            {logo ? "LOGO" : shownText}
          </span>
        </div>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      <button type="button" className={buttonClass("primary", "mt-5")} onClick={save} disabled={busy}>
        {T.watermarkSave}
      </button>
    </section>
  );
}
