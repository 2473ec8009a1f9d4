// Folders and their galleries, always scoped to the acting studio.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { galleryNames, invalidateGalleryPaths } from "@/lib/services/public";
import { notFound } from "@/lib/errors";
import { cardSelect, folderView, galleryCardView, type ReviewCounts } from "@/lib/services/galleries/gallery-views";
import { matchesStatus } from "@/lib/services/galleries/rules/gallery-status";
import { galleryCursor, type GalleryListQuery } from "@/lib/validation/galleries";
import { deletePrefix } from "@/lib/storage/objects";
import { endOpenUploads } from "@/lib/services/films";
import { folderPrefix } from "@/lib/storage/keys";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { FolderDto, GalleryListDto } from "@/lib/contract/folders";

const folderSelect = { id: true, name: true, adminId: true, createdAt: true } as const;

/** The studio's folders newest first (spec §4), each with its galleries newest first and their status. */
export async function listFolders(actor: Actor): Promise<FolderDto[]> {
  const [rows, reviews] = await Promise.all([
    db.folder.findMany({
      where: { adminId: actor.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { ...folderSelect, galleries: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: cardSelect } },
    }),
    reviewCounts(actor.id),
  ]);
  return rows.map((f) => folderView(f, reviews));
}

/** How many galleries a status-filtered page reads at a time while it looks for its matches. */
const FILTER_BATCH = 200;

/**
 * GET /api/galleries: the studio's galleries in the folder view's order (newest first, then by id),
 * paged by that key, each as its card shows it (with its folder). A status filter keeps the cards
 * that show its chip (rules/gallery-status.ts matchesStatus, the folder view's filter), so a page
 * reads on until it has `limit` of them or the list ends. `folderId` filters inside the studio's
 * own galleries: another studio's folder lists nothing.
 */
export async function listGalleries(actor: Actor, q: GalleryListQuery): Promise<GalleryListDto> {
  const now = Date.now();
  const reviews = await reviewCounts(actor.id);
  const galleries: GalleryListDto["galleries"] = [];
  let last: { createdAt: Date; id: string } | undefined;
  let after = q.cursor;
  const take = q.status === "all" ? q.limit + 1 : FILTER_BATCH;
  for (;;) {
    const rows = await db.gallery.findMany({
      where: {
        adminId: actor.id,
        ...(q.folderId ? { folderId: q.folderId } : {}),
        ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
      select: { ...cardSelect, folderId: true },
    });
    for (const row of rows) {
      const card = { ...galleryCardView(row, reviews.get(row.id)), folderId: row.folderId };
      if (!matchesStatus(card, q.status, now)) continue;
      if (galleries.length === q.limit) return { galleries, next: galleryCursor(last!) };
      galleries.push(card);
      last = row;
    }
    if (rows.length < take) return { galleries, next: null };
    after = rows[rows.length - 1];
  }
}

/**
 * Some of the studio's galleries (a customer's: `customerId`) as their cards show them, with their
 * folder, newest first: the cards' one status rule (rules/gallery-status.ts via galleryCardView).
 */
export async function galleryCards(actor: Actor, where: { customerId: string }): Promise<GalleryListDto["galleries"]> {
  const [rows, reviews] = await Promise.all([
    db.gallery.findMany({ where: { adminId: actor.id, customerId: where.customerId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { ...cardSelect, folderId: true } }),
    reviewCounts(actor.id),
  ]);
  return rows.map((row) => ({ ...galleryCardView(row, reviews.get(row.id)), folderId: row.folderId }));
}

/**
 * The studio's galleries in review, each with its ready films, those whose current version is
 * approved or has changes requested (its newest decision on that version: the review's rule,
 * lib/services/review/rules/approval.ts reviewStateOf), and the unresolved comments on current
 * versions. Two grouped reads of the studio's own rows, whatever the number of galleries.
 */
async function reviewCounts(adminId: string): Promise<Map<string, ReviewCounts>> {
  const [films, comments] = await Promise.all([
    db.$queryRaw<{ galleryId: string; films: bigint; approved: bigint; changes: bigint }[]>`
      SELECT v."galleryId"::text AS "galleryId", count(*) AS films,
             count(*) FILTER (WHERE d.decision = 'APPROVED') AS approved,
             count(*) FILTER (WHERE d.decision = 'CHANGES_REQUESTED') AS changes
      FROM "Video" v
      JOIN "Gallery" g ON g.id = v."galleryId" AND g."reviewMode"
      LEFT JOIN LATERAL (
        SELECT a.decision FROM "VideoApproval" a
        WHERE a."videoId" = v.id AND a.version = v.version
        ORDER BY a."decidedAt" DESC, a.id DESC LIMIT 1
      ) d ON true
      WHERE v."adminId" = ${adminId}::uuid AND v.status = 'READY'
      GROUP BY v."galleryId"`,
    db.$queryRaw<{ galleryId: string; open: bigint }[]>`
      SELECT c."galleryId"::text AS "galleryId", count(*) AS open
      FROM "VideoComment" c
      JOIN "Video" v ON v.id = c."videoId" AND v.version = c.version
      JOIN "Gallery" g ON g.id = c."galleryId" AND g."reviewMode"
      WHERE c."adminId" = ${adminId}::uuid AND c."parentId" IS NULL AND c."resolvedAt" IS NULL
      GROUP BY c."galleryId"`,
  ]);
  const counts = new Map<string, ReviewCounts>();
  for (const f of films) counts.set(f.galleryId, { films: Number(f.films), approved: Number(f.approved), changes: Number(f.changes), openComments: 0 });
  for (const c of comments) counts.set(c.galleryId, { ...(counts.get(c.galleryId) ?? { films: 0, approved: 0, changes: 0 }), openComments: Number(c.open) });
  return counts;
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
