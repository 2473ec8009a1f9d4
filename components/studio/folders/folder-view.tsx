"use client";
import { Plus } from "lucide-react";
import { GalleryCard } from "@/components/studio/folders/gallery-card";
import { buttonClass } from "@/components/ui/button";
import { TEXTS } from "@/lib/texts";
import type { FolderDto, GalleryCardDto } from "@/lib/contract/folders";

type Props = {
  folder: FolderDto;
  onNewGallery: () => void;
  onRenameGallery: (g: GalleryCardDto) => void;
  onDeleteGallery: (g: GalleryCardDto) => void;
};

/** The selected folder: its name, New Gallery, and its gallery cards (spec §2 Folder view). */
export function FolderView({ folder, onNewGallery, onRenameGallery, onDeleteGallery }: Props) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="min-w-0 truncate text-2xl font-bold tracking-tight text-zinc-900">{folder.name}</h1>
        <button type="button" className={buttonClass("primary")} onClick={onNewGallery}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {TEXTS.newGallery}
        </button>
      </div>
      {folder.galleries.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-16 text-center">
          <p className="text-zinc-500">{TEXTS.noGalleries}</p>
        </div>
      ) : (
        <ul className="mt-6 flex flex-wrap gap-5" aria-label={`Galleries in ${folder.name}`}>
          {folder.galleries.map((g) => (
            <GalleryCard key={g._id} gallery={g} onRename={() => onRenameGallery(g)} onDelete={() => onDeleteGallery(g)} />
          ))}
        </ul>
      )}
    </>
  );
}
