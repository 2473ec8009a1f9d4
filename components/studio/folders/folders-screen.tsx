"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { FolderPlus } from "lucide-react";
import { toast } from "sonner";
import { FolderSidebar } from "@/components/studio/folders/folder-sidebar";
import { FolderView } from "@/components/studio/folders/folder-view";
import { TemplateDialog } from "@/components/studio/folders/template-dialog";
import { useCurrentFolder } from "@/components/studio/folders/use-current-folder";
import { NameDialog } from "@/components/studio/name-dialog";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { DEFAULT_FONT_CLASS } from "@/lib/services/galleries/rules/fonts";
import { galleryPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { TemplateId } from "@/lib/services/galleries/rules/templates";
import type { FolderDto, GalleryCardDto } from "@/lib/contract/folders";

/** The open modal (spec §4: a type plus an open flag; closing resets both). */
type Modal =
  | { type: "NewFolderModal" }
  | { type: "NewTemplateModal" }
  | { type: "NewGalleryModal"; templateId: TemplateId }
  | { type: "RenameModal"; folder: FolderDto }
  | { type: "RenameGalleryModal"; gallery: GalleryCardDto }
  | null;

const fail = (e: unknown) => toast.error(e instanceof Error ? e.message : TEXTS.serverError);

/** The folder view; `aside` (the studio's recent activity) beside the cards on a wide screen, under them otherwise. */
export function FoldersScreen({ initialFolders, requestedId, aside }: { initialFolders: FolderDto[]; requestedId?: string; aside?: React.ReactNode }) {
  const router = useRouter();
  const confirm = useConfirm();
  const [folders, setFolders] = useState(initialFolders);
  const [currentId, select] = useCurrentFolder(folders, requestedId);
  const [modal, setModal] = useState<Modal>(null);
  const close = () => setModal(null);
  const current = folders.find((f) => f._id === currentId);

  const mapGalleries = (fn: (g: GalleryCardDto[]) => GalleryCardDto[]) => setFolders((old) => old.map((f) => ({ ...f, galleries: fn(f.galleries) })));

  async function createFolder(name: string) {
    try {
      const folder = await apiCall(doors.folders.create, { body: { name } });
      setFolders((old) => [folder, ...old]);
      select(folder._id);
      close();
    } catch (e) {
      fail(e);
    }
  }

  async function renameFolder(folder: FolderDto, name: string) {
    try {
      await apiCall(doors.folders.rename, { params: { id: folder._id }, body: { name } });
      setFolders((old) => old.map((f) => (f._id === folder._id ? { ...f, name } : f)));
      close();
    } catch (e) {
      fail(e);
    }
  }

  async function deleteFolder(folder: FolderDto) {
    if (!(await confirm(TEXTS.confirmDelete.folder))) return;
    try {
      await apiCall(doors.folders.remove, { params: { id: folder._id } });
      const rest = folders.filter((f) => f._id !== folder._id);
      setFolders(rest);
      if (folder._id === currentId) select(rest[0]?._id);
      toast.success(TEXTS.folderDeleted);
    } catch (e) {
      fail(e);
    }
  }

  async function createGallery(templateId: TemplateId, name: string) {
    if (!current) return;
    try {
      const body = { name, title: name, folderId: current._id, templateId, fheading: DEFAULT_FONT_CLASS, fbody: DEFAULT_FONT_CLASS } as const;
      const created = await apiCall(doors.galleries.create, { body });
      router.push(galleryPath(created._id, "videos"));
    } catch (e) {
      fail(e);
    }
  }

  async function renameGallery(gallery: GalleryCardDto, name: string) {
    try {
      await apiCall(doors.galleries.rename, { params: { id: gallery._id }, body: { name } });
      mapGalleries((gs) => gs.map((g) => (g._id === gallery._id ? { ...g, name } : g)));
      close();
    } catch (e) {
      fail(e);
    }
  }

  async function deleteGallery(gallery: GalleryCardDto) {
    if (!(await confirm(TEXTS.confirmDelete.gallery))) return;
    try {
      await apiCall(doors.galleries.remove, { params: { id: gallery._id } });
      mapGalleries((gs) => gs.filter((g) => g._id !== gallery._id));
    } catch (e) {
      fail(e);
    }
  }

  return (
    <div className="flex min-h-[calc(100vh-4rem)] flex-col md:flex-row">
      <FolderSidebar
        folders={folders}
        currentId={currentId}
        onSelect={select}
        onNew={() => setModal({ type: "NewFolderModal" })}
        onRename={(folder) => setModal({ type: "RenameModal", folder })}
        onDelete={deleteFolder}
      />
      <main className="flex min-w-0 flex-1 flex-col gap-8 p-6 lg:p-8 xl:flex-row xl:items-start">
        <div className="min-w-0 flex-1">
          {current ? (
            <FolderView
              folder={current}
              onNewGallery={() => setModal({ type: "NewTemplateModal" })}
              onRenameGallery={(gallery) => setModal({ type: "RenameGalleryModal", gallery })}
              onDeleteGallery={deleteGallery}
            />
          ) : (
            <div className="mx-auto mt-16 max-w-md rounded-2xl border border-dashed border-zinc-300 bg-white px-6 py-14 text-center">
              <p className="text-zinc-600">{TEXTS.noFolders}</p>
              <button type="button" className={buttonClass("primary", "mt-6")} onClick={() => setModal({ type: "NewFolderModal" })}>
                <FolderPlus className="h-4 w-4" aria-hidden="true" />
                {TEXTS.newFolder}
              </button>
            </div>
          )}
        </div>
        {aside && <aside className="w-full xl:w-80 xl:shrink-0">{aside}</aside>}
      </main>

      <NameDialog open={modal?.type === "NewFolderModal"} title={TEXTS.newFolder} label="Folder name" onClose={close} onSave={createFolder} />
      <TemplateDialog open={modal?.type === "NewTemplateModal"} onClose={close} onChoose={(templateId) => setModal({ type: "NewGalleryModal", templateId })} />
      <NameDialog
        open={modal?.type === "NewGalleryModal"}
        title={TEXTS.newGallery}
        label="Gallery name"
        onClose={close}
        onSave={(name) => (modal?.type === "NewGalleryModal" ? createGallery(modal.templateId, name) : Promise.resolve())}
      />
      <NameDialog
        open={modal?.type === "RenameModal"}
        title="Rename Folder"
        initial={modal?.type === "RenameModal" ? modal.folder.name : ""}
        onClose={close}
        onSave={(name) => (modal?.type === "RenameModal" ? renameFolder(modal.folder, name) : Promise.resolve())}
      />
      <NameDialog
        open={modal?.type === "RenameGalleryModal"}
        title="Rename Gallery"
        initial={modal?.type === "RenameGalleryModal" ? modal.gallery.name : ""}
        onClose={close}
        onSave={(name) => (modal?.type === "RenameGalleryModal" ? renameGallery(modal.gallery, name) : Promise.resolve())}
      />
    </div>
  );
}
