"use client";
// Files dragged anywhere over the gallery editor — whatever section is open, whether the gallery has
// films or not — show one drop zone over the whole editor, and dropped there they are queued for this
// gallery like picked ones (the uploads panel shows them; the library's cards follow).
import { useEffect, useRef, useState } from "react";
import { Upload } from "lucide-react";
import { useEditor } from "@/components/studio/editor/editor-context";
import { useUploads } from "@/components/studio/uploads/upload-provider";
import { TEXTS } from "@/lib/texts";

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes("Files");

export function EditorDropZone() {
  const { gallery } = useEditor();
  const { enqueue } = useUploads();
  const [shown, setShown] = useState(false);
  // dragenter and dragleave fire for every element crossed: count them, so the zone goes only when the drag leaves the window.
  const depth = useRef(0);

  useEffect(() => {
    const enter = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current += 1;
      setShown(true);
    };
    const leave = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setShown(false);
    };
    const end = () => {
      depth.current = 0;
      setShown(false);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", end);
    window.addEventListener("dragend", end);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", end);
      window.removeEventListener("dragend", end);
    };
  }, []);

  if (!shown) return null;
  return (
    <div
      className="fixed inset-0 z-50 grid place-items-center bg-zinc-900/40 p-6 backdrop-blur-sm"
      data-testid="editor-drop-zone"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        depth.current = 0;
        setShown(false);
        const files = Array.from(e.dataTransfer.files);
        if (files.length) void enqueue(files, { galleryId: gallery._id });
      }}
    >
      <div className="pointer-events-none flex max-w-md flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-white/80 bg-white/95 px-10 py-12 text-center shadow-2xl">
        <Upload className="h-8 w-8 text-brand-600" aria-hidden="true" />
        <p className="text-lg font-semibold text-zinc-900">{TEXTS.dropToUpload(gallery.name)}</p>
        <p className="text-sm text-zinc-600">{TEXTS.dropToUploadHint}</p>
      </div>
    </div>
  );
}
