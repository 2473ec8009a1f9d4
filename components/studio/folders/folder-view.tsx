"use client";
import { useState } from "react";
import { useNow } from "@/components/ui/use-now";
import { Plus } from "lucide-react";
import { matchesStatus, STATUS_FILTERS, type StatusFilter } from "@/lib/services/galleries/rules/gallery-status";
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
  const [filter, setFilter] = useState<StatusFilter>("all");
  const now = useNow();
  const shown = filter === "all" ? folder.galleries : folder.galleries.filter((g) => matchesStatus(g, filter, now ?? 0));
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="min-w-0 truncate text-2xl font-bold tracking-tight text-zinc-900">{folder.name}</h1>
        <div className="flex flex-wrap items-center gap-3">
          {folder.galleries.length > 0 && (
            <label className="flex items-center gap-2 text-sm text-zinc-600">
              {TEXTS.galleryStatus.filterLabel}
              <select
                value={filter}
                onChange={(e) => setFilter(e.target.value as StatusFilter)}
                className="rounded-lg border border-zinc-300 bg-white px-2 py-2 text-sm text-zinc-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
                data-testid="status-filter"
              >
                {STATUS_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {TEXTS.galleryStatus.filters[f]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="button" className={buttonClass("primary")} onClick={onNewGallery}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {TEXTS.newGallery}
          </button>
        </div>
      </div>
      {folder.galleries.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-16 text-center">
          <p className="text-zinc-500">{TEXTS.noGalleries}</p>
        </div>
      ) : shown.length === 0 ? (
        <p className="mt-10 text-center text-sm text-zinc-500" role="status">
          {TEXTS.galleryStatus.noMatch}
        </p>
      ) : (
        <ul className="mt-6 flex flex-wrap gap-5" aria-label={`Galleries in ${folder.name}`}>
          {shown.map((g) => (
            <GalleryCard key={g._id} gallery={g} onRename={() => onRenameGallery(g)} onDelete={() => onDeleteGallery(g)} />
          ))}
        </ul>
      )}
    </>
  );
}
