"use client";
import { useState } from "react";
import { ChevronDown, ChevronUp, GripVertical, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { AddMediaDialog } from "@/components/studio/editor/add-media-dialog";
import { useEditor } from "@/components/studio/editor/editor-context";
import { Panel } from "@/components/studio/editor/panel";
import { VideoThumb } from "@/components/studio/editor/video-thumb";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";

/** The Show Case (spec's linked-media panel): '+ Add Media' and the selected videos with a delete icon each (spec §2). */
export function LinkedMediaSection() {
  const { gallery, setGallery, videos } = useEditor();
  const [adding, setAdding] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const selected = gallery.selectedVideos.flatMap((id) => videos.filter((v) => v._id === id));
  const candidates = videos.filter((v) => !gallery.selectedVideos.includes(v._id));

  async function save(ids: string[]) {
    const before = gallery.selectedVideos;
    setGallery((g) => ({ ...g, selectedVideos: ids }));
    try {
      await apiCall(doors.galleries.setSelectedVideos, { params: { id: gallery._id }, body: { selectedVideoIds: ids } });
      return true;
    } catch {
      setGallery((g) => ({ ...g, selectedVideos: before }));
      toast.error(TEXTS.showcaseSaveFailed);
      return false;
    }
  }

  /** Moves the showcase item at `from` to `to` and saves the new order. */
  function move(from: number, to: number) {
    const ids = selected.map((v) => v._id);
    if (to < 0 || to >= ids.length || from === to) return;
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    void save(ids);
  }

  return (
    <Panel
      title={TEXTS.gallerySections.linkmediamain}
      description={TEXTS.showcase.description}
      actions={
        <button type="button" className={buttonClass("primary")} onClick={() => setAdding(true)}>
          {TEXTS.addMedia}
        </button>
      }
    >
      {selected.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center text-sm text-zinc-500">{TEXTS.showcase.empty}</div>
      ) : (
        <ul className="space-y-2" aria-label={TEXTS.showcase.order}>
          {selected.map((v, i) => (
            <li
              key={v._id}
              draggable
              onDragStart={(e) => {
                setDragged(i);
                e.dataTransfer.effectAllowed = "move";
              }}
              onDragOver={(e) => dragged !== null && e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged !== null) move(dragged, i);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              data-testid="showcase-item"
              className={`flex items-center gap-3 rounded-xl border bg-white p-2 shadow-sm ${dragged === i ? "border-brand-400 opacity-60" : "border-zinc-200"}`}
            >
              <GripVertical className="h-4 w-4 shrink-0 cursor-grab text-zinc-400" aria-hidden="true" />
              <VideoThumb video={v} className="w-28 rounded-md" />
              <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{v.title}</span>
              <button
                type="button"
                aria-label={`Move ${v.title} up`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
                className="grid h-9 w-9 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 disabled:opacity-30"
              >
                <ChevronUp className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label={`Move ${v.title} down`}
                disabled={i === selected.length - 1}
                onClick={() => move(i, i + 1)}
                className="grid h-9 w-9 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 disabled:opacity-30"
              >
                <ChevronDown className="h-4 w-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label={TEXTS.showcase.remove(v.title)}
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
