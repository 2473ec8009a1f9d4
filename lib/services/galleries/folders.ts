// Folders and their galleries, always scoped to the acting studio.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { galleryNames, invalidateGalleryPaths } from "@/lib/services/public";
import { notFound } from "@/lib/errors";
import { cardSelect, folderView } from "@/lib/services/galleries/gallery-views";
import { deletePrefix } from "@/lib/storage/objects";
import { endOpenUploads } from "@/lib/services/films";
import { folderPrefix } from "@/lib/storage/keys";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { FolderDto } from "@/lib/contract/folders";

const folderSelect = { id: true, name: true, adminId: true, createdAt: true } as const;

/** The studio's folders newest first (spec §4), each with its galleries newest first. */
export async function listFolders(actor: Actor): Promise<FolderDto[]> {
  const rows = await db.folder.findMany({
    where: { adminId: actor.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { ...folderSelect, galleries: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: cardSelect } },
  });
  return rows.map(folderView);
}

export async function createFolder(actor: Actor, name: string): Promise<FolderDto> {
  const row = await db.folder.create({ data: { name, adminId: actor.id }, select: folderSelect });
  return folderView(row);
}

export async function renameFolder(actor: Actor, folderId: string, name: string): Promise<FolderDto> {
  const row = await db.folder.update({ where: { id: folderId, adminId: actor.id }, data: { name }, select: folderSelect });
  return folderView(row);
}

/**
 * Deletes a folder with its galleries, videos, showcases and chapters, and every stored object
 * under its prefix. Objects go first: if storage fails nothing is lost from the database and the
 * delete can simply be tried again (the other order would leave objects no row points to).
 */
export async function deleteFolder(actor: Actor, folderId: string): Promise<void> {
  const folder = await db.folder.findFirst({ where: { id: folderId, adminId: actor.id }, select: { id: true, galleries: { select: { id: true, customUrl: true } } } });
  if (!folder) throw notFound();
  // Its open uploads end before the objects go and again with the rows (lib/services/films/upload-state.ts).
  await endOpenUploads(actor.id, { folderId: folder.id });
  await deletePrefix(folderPrefix(actor.id, folder.id));
  await db.$transaction(async (tx) => {
    await endOpenUploads(actor.id, { folderId: folder.id }, tx);
    await tx.folder.delete({ where: { id: folder.id, adminId: actor.id } });
  });
  await invalidateGalleryPaths(folder.galleries.flatMap(galleryNames), [actor.domainUrl]);
}
