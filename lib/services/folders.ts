// Folders and their galleries, always scoped to the acting studio.
import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth/actor";

/** The studio's folders, newest first (spec §4). */
export function listFolders(actor: Actor) {
  return db.folder.findMany({
    where: { adminId: actor.id },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, createdAt: true, _count: { select: { galleries: true } } },
  });
}

/** A folder's galleries, newest first; an id that is not the studio's yields none. */
export function listGalleries(actor: Actor, folderId: string) {
  return db.gallery.findMany({
    where: { adminId: actor.id, folderId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, createdAt: true, bgImageUrl: true },
  });
}
