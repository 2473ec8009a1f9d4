"use client";
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { toast } from "sonner";
import { AddMediaDialog } from "@/components/studio/editor/add-media-dialog";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Panel } from "@/components/studio/editor/panel";
import { VideoThumb } from "@/components/studio/editor/video-thumb";
import { buttonClass } from "@/components/ui/button";
import { api } from "@/lib/api-client";
import { TEXTS } from "@/lib/texts";

/** The showcase: '+ Add Media' and the selected videos with a delete icon each (spec §2). */
export function LinkedMediaSection() {
  const { gallery, setGallery, videos } = useEditor();
  const [adding, setAdding] = useState(false);
  const selected = gallery.selectedVideos.flatMap((id) => videos.filter((v) => v._id === id));
  const candidates = videos.filter((v) => !gallery.selectedVideos.includes(v._id));

  async function save(ids: string[]) {
    const before = gallery.selectedVideos;
    setGallery((g) => ({ ...g, selectedVideos: ids }));
    try {
      await api(`galleries/gallery/${gallery._id}/selected-videos`, { method: "PUT", body: { selectedVideoIds: ids } });
      return true;
    } catch {
      setGallery((g) => ({ ...g, selectedVideos: before }));
      toast.error(TEXTS.showcaseSaveFailed);
      return false;
    }
  }

  return (
    <Panel
      title="Linked Media"
      description="The videos showcased at the top of the gallery."
      actions={
        <button type="button" className={buttonClass("primary")} onClick={() => setAdding(true)}>
          {TEXTS.addMedia}
        </button>
      }
    >
      {selected.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center text-sm text-zinc-500">
          No videos in the showcase yet.
        </div>
      ) : (
        <ul className="space-y-2">
          {selected.map((v) => (
            <li key={v._id} className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-2 shadow-sm">
              <VideoThumb video={v} className="w-28 rounded-md" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{v.title}</span>
              <button
                type="button"
                aria-label={`Remove ${v.title} from the showcase`}
                className="grid h-9 w-9 place-items-center rounded-md text-zinc-500 hover:bg-red-50 hover:text-red-600"
                onClick={() => save(gallery.selectedVideos.filter((id) => id !== v._id))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddMediaDialog
        open={adding}
        videos={candidates}
        onClose={() => setAdding(false)}
        onAdd={async (ids) => {
          if (await save([...gallery.selectedVideos, ...ids])) setAdding(false);
        }}
      />
    </Panel>
  );
}
