import { Download, Play, Share2, Tv } from "lucide-react";
import type { GallerySetting } from "@/lib/validation/galleries";

const BUTTONS = [
  { key: "playall", label: "Play All", Icon: Play },
  { key: "download", label: "Download", Icon: Download },
  { key: "share", label: "Share", Icon: Share2 },
  { key: "tv", label: "TV Connect", Icon: Tv },
] as const;

/** The viewer's buttons, each shown only when its toggle is on (spec §3 setting). */
export function GalleryActions({ setting }: { setting: GallerySetting }) {
  const shown = BUTTONS.filter((b) => setting[b.key]);
  if (shown.length === 0) return null;
  return (
    <div className="mt-7 flex flex-wrap gap-3" data-testid="gallery-actions">
      {shown.map(({ key, label, Icon }, i) => (
        <button
          key={key}
          type="button"
          className={
            i === 0 && key === "playall"
              ? "inline-flex items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-zinc-950 shadow-lg hover:bg-zinc-200"
              : "inline-flex items-center gap-2 rounded-full border border-white/30 bg-white/10 px-5 py-2.5 text-sm font-medium text-white backdrop-blur hover:bg-white/20"
          }
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>
  );
}
