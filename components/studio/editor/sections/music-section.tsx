"use client";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Music, Trash2, Upload } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { useBackground } from "@/components/studio/editor/sections/background-section";
import { Card, Panel } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { ApiError } from "@/lib/browser/api-client";
import { uploadGalleryMedia, UploadError } from "@/lib/browser/uploads/single-file";
import { TEXTS } from "@/lib/texts";

/** Ambient Music: the track name or 'No track added yet', Upload Track and delete (spec §2). */
export function MusicSection() {
  const { gallery, folder } = useEditor();
  const save = useBackground();
  const { musicName, musicUrl } = gallery.backgroundMedia;
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<void>, done: string, failure: string) {
    setBusy(true);
    try {
      await work();
      toast.success(done);
    } catch (e) {
      toast.error(e instanceof UploadError || e instanceof ApiError ? e.message : failure);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  const upload = (file: File) =>
    act(async () => save({ musicUrl: await uploadGalleryMedia(file, "audio", { folderId: folder._id, galleryId: gallery._id }) }), "Track uploaded", TEXTS.audioUploadFailed);

  return (
    <Panel title={TEXTS.gallerySections.music} description="A track that plays softly while the gallery is open.">
      <Card>
        <div className="flex items-center gap-3">
          <span className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
            <Music className="h-5 w-5" aria-hidden="true" />
          </span>
          <p className="min-w-0 flex-1 truncate font-medium text-zinc-900" data-testid="track-name">
            {musicUrl ? musicName || "Untitled track" : TEXTS.noTrack}
          </p>
          <button
            type="button"
            className={buttonClass("ghost")}
            disabled={!musicUrl || busy}
            aria-label="Delete track"
            onClick={() => act(() => save({ musicUrl: null }), "Track removed", TEXTS.updateFailed)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        {musicUrl && <audio src={musicUrl} controls className="mt-4 w-full" data-testid="track-player" />}
        <p className="mt-4 text-sm text-zinc-500">{TEXTS.hints.audio}</p>
        <label htmlFor="music-file" className={buttonClass("outline", "mt-4 cursor-pointer")} aria-disabled={busy}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {busy ? "Uploading…" : "Upload Track"}
        </label>
        <input
          ref={fileRef}
          id="music-file"
          type="file"
          accept="audio/mpeg,audio/mp3,audio/aac,audio/wav,audio/x-wav,audio/ogg,audio/mp4"
          className="sr-only"
          disabled={busy}
          onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])}
        />
      </Card>
    </Panel>
  );
}
