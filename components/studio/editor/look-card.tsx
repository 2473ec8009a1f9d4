"use client";
import { useState } from "react";
import { toast } from "sonner";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Card, inputClass } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { DEFAULT_LOOK, HEX_COLOUR, objectPosition, PAGE_TEXT, textPassesAA, type GalleryLook } from "@/lib/services/galleries/rules/gallery-look";
import { TEXTS } from "@/lib/texts";

type Colour = "accent" | "text";

/**
 * The gallery's accent and text colours and its cover's focal point: the preview follows every
 * change at once; Save stores them. A text colour that fails WCAG AA on the page's background is
 * warned about (it is still the studio's choice).
 */
export function LookCard() {
  const { gallery, setGallery } = useEditor();
  const [saved, setSaved] = useState<GalleryLook>(gallery.look);
  const [drafts, setDrafts] = useState<Record<Colour, string>>({ accent: gallery.look.accent ?? "", text: gallery.look.text ?? "" });
  const [busy, setBusy] = useState(false);
  const look = gallery.look;
  const setLook = (change: Partial<GalleryLook>) => setGallery((g) => ({ ...g, look: { ...g.look, ...change } }));

  function typeColour(key: Colour, value: string) {
    setDrafts((d) => ({ ...d, [key]: value }));
    const hex = value.trim().toLowerCase();
    if (hex === "") setLook({ [key]: null });
    else if (HEX_COLOUR.test(hex)) setLook({ [key]: hex });
  }

  function setFocus(axis: "x" | "y", value: number) {
    if (Number.isFinite(value)) setLook({ focus: { ...look.focus, [axis]: Math.min(100, Math.max(0, Math.round(value))) } });
  }

  const invalid = (key: Colour) => drafts[key].trim() !== "" && !HEX_COLOUR.test(drafts[key].trim().toLowerCase());
  const lowContrast = look.text !== null && !textPassesAA(look.text);
  const changed = JSON.stringify(look) !== JSON.stringify(saved);

  async function save() {
    setBusy(true);
    try {
      const { gallery: g } = await apiCall(doors.galleries.updateText, { body: { galleryId: gallery._id, look } });
      setSaved(g.look);
      toast.success(TEXTS.lookSaved);
    } catch {
      toast.error(TEXTS.lookSaveFailed);
    } finally {
      setBusy(false);
    }
  }

  const colourRow = (key: Colour, label: string, fallback: string) => (
    <div>
      <label htmlFor={`look-${key}`} className="block text-sm font-medium text-zinc-700">
        {label}
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label}: ${TEXTS.lookPicker}`}
          value={look[key] ?? fallback}
          onChange={(e) => typeColour(key, e.target.value)}
          className="h-9 w-11 shrink-0 cursor-pointer rounded border border-zinc-300 bg-white p-0.5 focus-visible:outline-2 focus-visible:outline-offset-2"
          data-testid={`look-${key}-picker`}
        />
        <input
          id={`look-${key}`}
          type="text"
          inputMode="text"
          spellCheck={false}
          placeholder={TEXTS.lookDefaultColour}
          value={drafts[key]}
          onChange={(e) => typeColour(key, e.target.value)}
          aria-invalid={invalid(key) || undefined}
          aria-describedby={invalid(key) ? `look-${key}-error` : undefined}
          className={`${inputClass} mt-0 font-mono`}
        />
      </div>
      {invalid(key) && (
        <p id={`look-${key}-error`} className="mt-1 text-xs text-red-700">
          {TEXTS.lookHexInvalid}
        </p>
      )}
    </div>
  );

  const image = gallery.backgroundMedia.imgUrl;
  return (
    <Card className="mt-4 space-y-5">
      <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{TEXTS.lookHeading}</p>
      {colourRow("accent", TEXTS.lookAccent, "#ffffff")}
      {colourRow("text", TEXTS.lookText, PAGE_TEXT)}
      {lowContrast && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="look-contrast-warning">
          {TEXTS.lookLowContrast}
        </p>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-zinc-700">{TEXTS.lookFocus}</legend>
        {image ? (
          // A pointer's way to set it; keyboards and screen readers use the two number inputs below.
          <div
            aria-hidden="true"
            title={TEXTS.lookFocusPick}
            className="relative mt-1.5 aspect-video w-full cursor-crosshair overflow-hidden rounded-lg border border-zinc-300"
            onClick={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              if (box.width === 0 || box.height === 0) return;
              setLook({ focus: { x: Math.round(((e.clientX - box.left) / box.width) * 100), y: Math.round(((e.clientY - box.top) / box.height) * 100) } });
            }}
            data-testid="look-focus-image"
          >
            <img src={image} alt="" className="h-full w-full object-cover" style={{ objectPosition: objectPosition(look.focus) }} />
            <span
              className="absolute h-4 w-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600/80 shadow"
              style={{ left: `${look.focus.x}%`, top: `${look.focus.y}%` }}
            />
          </div>
        ) : (
          <p className="mt-1.5 text-sm text-zinc-500">{TEXTS.lookFocusNoImage}</p>
        )}
        <div className="mt-2 grid grid-cols-2 gap-3">
          {(["x", "y"] as const).map((axis) => (
            <label key={axis} className="block text-sm text-zinc-700">
              {axis === "x" ? TEXTS.lookFocusX : TEXTS.lookFocusY}
              <input
                type="number"
                min={0}
                max={100}
                step={1}
                value={look.focus[axis]}
                onChange={(e) => setFocus(axis, e.target.valueAsNumber)}
                className={inputClass}
                data-testid={`look-focus-${axis}`}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass("primary")} onClick={() => void save()} disabled={busy || !changed || invalid("accent") || invalid("text")}>
          {TEXTS.lookSave}
        </button>
        <button
          type="button"
          className={buttonClass("outline")}
          onClick={() => {
            setLook(DEFAULT_LOOK);
            setDrafts({ accent: "", text: "" });
          }}
        >
          {TEXTS.lookReset}
        </button>
      </div>
    </Card>
  );
}
