"use client";
import { Trash2, Upload } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Card, Panel } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { TEXTS } from "@/lib/texts";

/** Still Image and Video Background (spec §2 Background panel); uploads arrive with the media work. */
export function BackgroundSection() {
  const { gallery } = useEditor();
  const { imgUrl, videoUrl } = gallery.backgroundMedia;
  return (
    <Panel title="Background" description="What the gallery's heading sits on.">
      <div className="space-y-4">
        <Card>
          <MediaRow title="Still Image" hint={TEXTS.hints.stillImage} actionLabel="Upload" hasMedia={!!imgUrl} />
          {imgUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- media from the studio's storage host
            <img src={imgUrl} alt="Current background image" className="mt-4 aspect-video w-full rounded-lg object-cover" />
          )}
        </Card>
        <Card>
          <MediaRow title="Video Background" hint={TEXTS.hints.videoBackground} actionLabel={TEXTS.addMedia} hasMedia={!!videoUrl} />
          {videoUrl && <video src={videoUrl} muted loop playsInline className="mt-4 aspect-video w-full rounded-lg object-cover" />}
        </Card>
        <p className="text-xs text-zinc-500">{TEXTS.mediaComingSoon}</p>
      </div>
    </Panel>
  );
}

function MediaRow({ title, hint, actionLabel, hasMedia }: { title: string; hint: string; actionLabel: string; hasMedia: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="font-semibold text-zinc-900">{title}</h2>
        <p className="mt-0.5 text-sm text-zinc-500">{hint}</p>
      </div>
      <div className="flex gap-2">
        <button type="button" className={buttonClass("outline")} disabled title={TEXTS.mediaComingSoon}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {actionLabel}
        </button>
        <button type="button" className={buttonClass("ghost")} disabled aria-label={`Delete ${title}`} title={hasMedia ? TEXTS.mediaComingSoon : undefined}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
