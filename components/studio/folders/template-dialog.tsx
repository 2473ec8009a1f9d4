"use client";
import { useState } from "react";
import { useOnChange } from "@/components/ui/use-on-change";
import { Check } from "lucide-react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { TemplateArt } from "@/components/studio/folders/template-art";
import { GALLERY_TEMPLATES, type TemplateId } from "@/lib/services/galleries/rules/templates";
import { TEXTS } from "@/lib/texts";

type Props = { open: boolean; onClose: () => void; onChoose: (templateId: TemplateId) => void };

/** The New Template modal: 'Choose Layout'; Create New Gallery stays disabled until one is picked. */
export function TemplateDialog({ open, onClose, onChoose }: Props) {
  const [chosen, setChosen] = useState<TemplateId | null>(null);
  useOnChange(open, (nowOpen) => nowOpen && setChosen(null));

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={TEXTS.chooseLayout}
      width={560}
      footer={
        <>
          <button type="button" className={buttonClass("outline")} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={buttonClass("primary")} disabled={!chosen} onClick={() => chosen && onChoose(chosen)}>
            {TEXTS.createNewGallery}
          </button>
        </>
      }
    >
      <div role="radiogroup" aria-label="Layouts" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {GALLERY_TEMPLATES.map((t) => {
          const selected = chosen === t.id;
          return (
            <button
              key={t.id}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => setChosen(t.id)}
              className={`relative rounded-xl border-2 p-2 text-left transition ${selected ? "border-brand-500 bg-brand-50" : "border-zinc-200 hover:border-zinc-300"}`}
            >
              <TemplateArt />
              <span className="mt-2 flex items-center justify-between px-1 text-sm font-semibold text-zinc-800">
                {t.name}
                {selected && (
                  <span className="grid h-5 w-5 place-items-center rounded-full bg-brand-500 text-white">
                    <Check className="h-3.5 w-3.5" aria-hidden="true" />
                  </span>
                )}
              </span>
            </button>
          );
        })}
      </div>
    </Dialog>
  );
}
