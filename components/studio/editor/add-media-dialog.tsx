"use client";
import { useState } from "react";
import { useOnChange } from "@/components/ui/use-on-change";
import { Check } from "lucide-react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { VideoThumb } from "@/components/studio/editor/video-thumb";
import { TEXTS } from "@/lib/texts";
import type { VideoDto } from "@/lib/contract/films";

type Props = {
  open: boolean;
  videos: VideoDto[];
  onClose: () => void;
  onAdd: (ids: string[]) => Promise<void>;
  /** One video only (the background video); many for the showcase. */
  single?: boolean;
  actionLabel?: string;
  /** Why a video cannot be picked here (shown on its tile, which cannot be chosen), or null. */
  unfit?: (v: VideoDto) => string | null;
  /** A line above the grid: the rule the tiles are marked by. */
  rule?: string;
};

/** Add Media: 'Select Media' grid of the gallery's videos; the action needs a selection. */
export function AddMediaDialog({ open, videos, onClose, onAdd, single = false, actionLabel = TEXTS.addToShowcase, unfit, rule }: Props) {
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useOnChange(open, (nowOpen) => nowOpen && setPicked([]));
  const flip = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : single ? [id] : [...p, id]));

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={TEXTS.selectMedia}
      width={720}
      footer={
        <button
          type="button"
          className={buttonClass("primary")}
          disabled={picked.length === 0 || busy}
          onClick={async () => {
            setBusy(true);
            await onAdd(picked).finally(() => setBusy(false));
          }}
        >
          {actionLabel}
        </button>
      }
    >
      {rule && videos.length > 0 && <p className="mb-3 text-sm text-zinc-600">{rule}</p>}
      {videos.length === 0 ? (
        <p className="py-10 text-center text-sm text-zinc-500">{TEXTS.noMedia}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {videos.map((v) => {
            const on = picked.includes(v._id);
            const why = unfit?.(v) ?? null;
            return (
              <li key={v._id}>
                <button
                  type="button"
                  role={single ? "radio" : "checkbox"}
                  aria-checked={on}
                  aria-disabled={why !== null || undefined}
                  aria-describedby={why ? `unfit-${v._id}` : undefined}
                  onClick={() => why === null && flip(v._id)}
                  className={`relative block w-full overflow-hidden rounded-lg border-2 text-left ${on ? "border-brand-500" : "border-transparent"} ${why ? "cursor-not-allowed opacity-60" : ""}`}
                  data-unfit={why ? "true" : undefined}
                >
                  <VideoThumb video={v} className="w-full" />
                  <span className="block truncate px-2 py-1.5 text-xs font-medium text-zinc-800">{v.title}</span>
                  {why && (
                    <span id={`unfit-${v._id}`} className="block px-2 pb-1.5 text-[11px] font-medium text-amber-800">
                      {why}
                    </span>
                  )}
                  {on && (
                    <span className="absolute top-1.5 right-1.5 grid h-5 w-5 place-items-center rounded-full bg-brand-500 text-white">
                      <Check className="h-3.5 w-3.5" aria-hidden="true" />
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
