"use client";
import { Music, Trash2, Upload } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Card, Panel } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { TEXTS } from "@/lib/texts";

/** Ambient Music: the track name or 'No track added yet' (spec §2 Ambient Music panel). */
export function MusicSection() {
  const { gallery } = useEditor();
  const { musicName, musicUrl } = gallery.backgroundMedia;
  return (
    <Panel title="Ambient Music" description="A track that plays softly while the gallery is open.">
      <Card>
        <div className="flex items-center gap-3">
          <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
            <Music className="h-5 w-5" aria-hidden="true" />
          </span>
          <p className="min-w-0 flex-1 truncate font-medium text-zinc-900" data-testid="track-name">
            {musicUrl ? musicName || "Untitled track" : TEXTS.noTrack}
          </p>
          <button type="button" className={buttonClass("ghost")} disabled aria-label="Delete track">
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <p className="mt-4 text-sm text-zinc-500">{TEXTS.hints.audio}</p>
        <button type="button" className={buttonClass("outline", "mt-4")} disabled title={TEXTS.mediaComingSoon}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          Upload Track
        </button>
        <p className="mt-3 text-xs text-zinc-500">{TEXTS.mediaComingSoon}</p>
      </Card>
    </Panel>
  );
}
