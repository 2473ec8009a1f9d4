"use client";
import { Folder, FolderPlus } from "lucide-react";
import { ItemMenu } from "@/components/studio/item-menu";
import { buttonClass } from "@/components/ui/button";
import { LAYOUT } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import type { FolderDto } from "@/lib/contract/folders";

type Props = {
  folders: FolderDto[];
  currentId: string | undefined;
  onSelect: (id: string) => void;
  onNew: () => void;
  onRename: (folder: FolderDto) => void;
  onDelete: (folder: FolderDto) => void;
};

/** The folder list, newest first, with New Folder (spec §2). */
export function FolderSidebar({ folders, currentId, onSelect, onNew, onRename, onDelete }: Props) {
  return (
    <aside className="flex w-full shrink-0 flex-col border-b border-zinc-200 bg-white p-4 md:w-72 md:border-r md:border-b-0" aria-label="Folders">
      <div className="flex items-center justify-between px-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Folders</h2>
        <span className="text-xs text-zinc-500">{folders.length}</span>
      </div>
      <ul
        // The spec's list heights on a wide screen; on a phone the list sits above the folder, as short as it can be.
        className="mt-2 max-h-48 space-y-0.5 overflow-y-auto pr-1 md:max-h-(--list-max) md:min-h-(--list-min)"
        style={{ "--list-min": `${LAYOUT.folderList.min}px`, "--list-max": `${LAYOUT.folderList.max}px` } as React.CSSProperties}
        data-testid="folder-list"
      >
        {folders.map((f) => {
          const current = f._id === currentId;
          return (
            <li key={f._id} className={`group flex items-center rounded-md ${current ? "bg-brand-50" : "hover:bg-zinc-100"}`}>
              <button
                type="button"
                onClick={() => onSelect(f._id)}
                aria-current={current ? "true" : undefined}
                className={`flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-2 text-left text-sm ${current ? "font-semibold text-brand-700" : "text-zinc-700"}`}
              >
                <Folder className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{f.name}</span>
                <span className="ml-auto pl-2 text-xs font-normal text-zinc-400" aria-hidden="true" title={`${f.galleries.length} galleries`}>
                  {f.galleries.length}
                </span>
              </button>
              <ItemMenu label={`Folder actions for ${f.name}`} onRename={() => onRename(f)} onDelete={() => onDelete(f)} />
            </li>
          );
        })}
      </ul>
      <button type="button" className={buttonClass("dark", "mt-4 w-full")} onClick={onNew}>
        <FolderPlus className="h-4 w-4" aria-hidden="true" />
        {TEXTS.newFolder}
      </button>
    </aside>
  );
}
