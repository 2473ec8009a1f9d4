"use client";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { Film, Trash2, Upload } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { AddMediaDialog } from "@/components/studio/editor/add-media-dialog";
import { Card, Panel } from "@/components/studio/editor/panel";
import { buttonClass } from "@/components/ui/button";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { uploadGalleryMedia, UploadError } from "@/lib/browser/uploads/single-file";
import { TEXTS } from "@/lib/texts";
import { backgroundVideoUnfit } from "@/lib/limits";

/** Saves one background field and shows the result in the editor (and so in the preview). */
export function useBackground() {
  const { gallery, setGallery } = useEditor();
  return async (body: Record<string, string | null>) => {
    const { backgroundMedia } = await apiCall(doors.galleries.background, { params: { id: gallery._id }, body });
    setGallery((g) => ({ ...g, backgroundMedia }));
  };
}

const errorText = (e: unknown, fallback: string) => (e instanceof UploadError || e instanceof ApiError ? e.message : fallback);

/** Still Image and Video Background (spec §2 Background panel). */
export function BackgroundSection() {
  const { gallery, folder, videos } = useEditor();
  const save = useBackground();
  const { imgUrl, videoUrl } = gallery.backgroundMedia;
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"image" | "video" | null>(null);
  const [picking, setPicking] = useState(false);

  async function uploadImage(file: File) {
    setBusy("image");
    try {
      const key = await uploadGalleryMedia(file, "image", { folderId: folder._id, galleryId: gallery._id });
      await save({ imgUrl: key });
      toast.success("Background image updated");
    } catch (e) {
      toast.error(errorText(e, TEXTS.imageUploadFailed));
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = "";
    }
  }

  async function run(kind: "image" | "video", body: Record<string, string | null>, done: string) {
    setBusy(kind);
    try {
      await save(body);
      toast.success(done);
      return true;
    } catch (e) {
      toast.error(errorText(e, TEXTS.updateFailed));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return (
    <Panel title={TEXTS.gallerySections.background} description="What the gallery's heading sits on.">
      <div className="space-y-4">
        <Card>
          <Row title="Still Image" hint={TEXTS.hints.stillImage}>
            <label htmlFor="bg-image-file" className={buttonClass("outline", "cursor-pointer")} aria-disabled={busy !== null}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              {busy === "image" ? "Uploading…" : "Upload"}
            </label>
            <input
              ref={fileRef}
              id="bg-image-file"
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              disabled={busy !== null}
              onChange={(e) => e.target.files?.[0] && uploadImage(e.target.files[0])}
            />
            <button
              type="button"
              className={buttonClass("ghost")}
              disabled={!imgUrl || busy !== null}
              aria-label="Delete Still Image"
              onClick={() => run("image", { imgUrl: null }, "Background image removed")}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </Row>
          {imgUrl && <img src={imgUrl} alt="Current background image" className="mt-4 aspect-video w-full rounded-lg object-cover" data-testid="bg-image" />}
        </Card>
        <Card>
          <Row title="Video Background" hint={TEXTS.hints.videoBackground}>
            <button type="button" className={buttonClass("outline")} disabled={busy !== null} onClick={() => setPicking(true)}>
              <Film className="h-4 w-4" aria-hidden="true" />
              {TEXTS.addMedia}
            </button>
            <button
              type="button"
              className={buttonClass("ghost")}
              disabled={!videoUrl || busy !== null}
              aria-label="Delete Video Background"
              onClick={() => run("video", { videoUrl: null }, "Background video removed")}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </Row>
          {videoUrl && <video src={videoUrl} muted loop playsInline autoPlay className="mt-4 aspect-video w-full rounded-lg object-cover" data-testid="bg-video" />}
        </Card>
      </div>
      <AddMediaDialog
        open={picking}
        single
        actionLabel="Use as background"
        videos={videos.filter((v) => v.status === "READY")}
        rule={TEXTS.backgroundVideoRule}
        // Marked before the pick, not refused after it.
        unfit={(v) => {
          const why = backgroundVideoUnfit(v);
          return why ? TEXTS.backgroundVideoUnfit[why] : null;
        }}
        onClose={() => setPicking(false)}
        onAdd={async ([id]) => {
          if (await run("video", { videoUrl: id }, "Background video updated")) setPicking(false);
        }}
      />
    </Panel>
  );
}

function Row({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="font-semibold text-zinc-900">{title}</h2>
        <p className="mt-0.5 text-sm text-zinc-500">{hint}</p>
      </div>
      <div className="flex gap-2">{children}</div>
    </div>
  );
}
