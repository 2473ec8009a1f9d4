// The upload state machine. An upload has exactly one terminal state:
//
//   RESERVED ──complete claims──▶ COMPLETING ──stored, charged, filed──▶ COMPLETED
//      │                              ├──store down / over the credits / gone──▶ FAILED (or CANCELLED)
//      │                              └──the store refused the parts (nothing assembled)──▶ RESERVED
//      ├──abort──▶ CANCELLED    ├──its gallery deleted──▶ CANCELLED    ├──a day old──▶ EXPIRED
//      ├──refused by size or content, or over the credits (a single PUT)──▶ FAILED
//      └──a single PUT used (an image, music) or completed (a film's simple upload), charged──▶ COMPLETED
//
// Every step is a conditional update (`move`): it happens only if the row is still in the state the
// step starts from, so of two racing steps exactly one moves it and the other answers 409 with the
// state it found, changing nothing. RESERVED and COMPLETING hold the credits reservation
// (lib/services/money/credits.ts); every other state has released it (reservedBytes 0).
//
// This module is the only writer of an upload's status (tests/unit/upload-state-single-writer.test.ts
// fails when another writes it); a single PUT's file (and a film sent as one PUT, which the store
// need not assemble) is completed from RESERVED, a multipart video from COMPLETING, all by
// `completeCharged`.
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { AppError, notFound, unavailableService } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { isId } from "@/lib/ids";
import { charge, OPEN_UPLOAD_STATUSES } from "@/lib/services/money";
import { deleteObject } from "@/lib/storage/objects";
import { abortMultipart } from "@/lib/storage/multipart";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Prisma, Upload } from "@/generated/prisma/client";
import type { UploadStatus } from "@/generated/prisma/enums";

type Client = Tx | typeof db;
type Step = Omit<Prisma.UploadUpdateManyMutationInput, "status"> & { status: UploadStatus };

/** The states that end an upload without a file in use: what the store kept of it is removed (cleanUp). */
export const ENDED_UNUSED: UploadStatus[] = ["CANCELLED", "FAILED", "EXPIRED"];

/** Moves the upload to `data.status` only if it is still in `from`; true when this call moved it. */
export async function move(client: Client, id: string, from: UploadStatus, data: Step): Promise<boolean> {
  const releases = !OPEN_UPLOAD_STATUSES.includes(data.status);
  const moved = await client.upload.updateMany({ where: { id, status: from }, data: releases ? { ...data, reservedBytes: BigInt(0) } : data });
  return moved.count === 1;
}

/**
 * Completes an upload at the size the store reports, charged once (credits.charge), inside the
 * caller's transaction: `from` → COMPLETED, or `from` → FAILED when that size is more than its own
 * reservation plus the free credits (nothing charged). The row is held first, so no other step
 * moves it between the charge and the step that records it; "lost" when another step came first.
 */
export async function completeCharged(tx: Tx, id: string, from: UploadStatus, bytes: bigint): Promise<"completed" | "over" | "lost"> {
  const [row] = await tx.$queryRaw<{ status: UploadStatus }[]>`SELECT status FROM "Upload" WHERE id = ${id}::uuid FOR UPDATE`;
  if (row?.status !== from) return "lost";
  if ((await charge(tx, id, bytes)) === "over") {
    await move(tx, id, from, { status: "FAILED" });
    return "over";
  }
  await move(tx, id, from, { status: "COMPLETED", chargedBytes: bytes, completedAt: new Date() });
  return "completed";
}

/** The 409 for an upload found in another state than the step expected. */
export function conflictFor(status: UploadStatus): AppError {
  return new AppError("upload_state_conflict", status === "RESERVED" ? "This upload is still open." : TEXTS.uploadState[status]);
}

/**
 * The caller's own upload by key (and multipart id); anything else is a 404. With `simple`, the id
 * may also name a film upload sent as one PUT (POST /api/uploads/simple), whose id is its row's:
 * only the doors that apply to both ways (complete, abort) pass it, so a part door never finds one.
 */
export async function ownUpload(actor: Actor, key: string, uploadId?: string, opts: { simple?: boolean } = {}): Promise<Upload> {
  const simple = opts.simple && uploadId && isId(uploadId) ? [{ id: uploadId.toLowerCase(), multipartUploadId: null, kind: "video" as const }] : [];
  const byId = uploadId ? { OR: [{ multipartUploadId: uploadId }, ...simple] } : {};
  const upload = await db.upload.findFirst({ where: { key, adminId: actor.id, ...byId } });
  if (!upload) throw notFound();
  return upload;
}

/**
 * Holds the gallery (FOR KEY SHARE: it cannot be deleted) until the transaction ends; false when it
 * is not the studio's or is already gone. Reserving and completing take it, so a gallery delete
 * either comes first (and they answer 404) or waits for them (and then ends the upload: endOpenUploads).
 */
export async function holdGallery(tx: Tx, adminId: string, galleryId: string | null): Promise<boolean> {
  if (!galleryId) return false;
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Gallery" WHERE id = ${galleryId}::uuid AND "adminId" = ${adminId}::uuid FOR KEY SHARE`;
  return rows.length === 1;
}

/**
 * Removes what the store may keep of an upload that did not complete (its open multipart upload,
 * an assembled or partial object) or of an asset no longer used, and marks it cleaned. False when
 * the store is down (the sweep tries again); "already gone" counts as done.
 */
export async function cleanUp(u: Pick<Upload, "id" | "key" | "multipartUploadId">): Promise<boolean> {
  for (const step of [u.multipartUploadId ? () => abortMultipart(u.key, u.multipartUploadId!) : null, () => deleteObject(u.key)]) {
    if (!step) continue;
    try {
      await step();
    } catch (e) {
      if (unavailableService(e)) return false;
      // Anything else means there is nothing left to remove (aborted before, never created).
    }
  }
  await db.upload.update({ where: { id: u.id }, data: { cleanedAt: new Date() } });
  return true;
}

/**
 * Ends the open uploads (RESERVED or COMPLETING → CANCELLED, reservation released) of a gallery, or
 * of every gallery of a folder, that is being deleted. Called twice by the delete:
 *  - before its objects are deleted, so a completion in flight finds its upload cancelled and removes
 *    what it assembled, instead of filing a video whose object the prefix delete already missed;
 *  - with `tx`, in the transaction that deletes the rows: the galleries are locked first (FOR UPDATE
 *    waits for a reservation or completion holding them, and makes new ones wait and then find no
 *    gallery), so an upload started meanwhile ends too. The rows stay (galleryId set null by the
 *    foreign key) for the sweep, which removes what the store kept.
 */
export async function endOpenUploads(adminId: string, where: { galleryId: string } | { folderId: string }, tx?: Tx): Promise<number> {
  const client = tx ?? db;
  if (tx) {
    if ("galleryId" in where) await tx.$queryRaw`SELECT id FROM "Gallery" WHERE id = ${where.galleryId}::uuid AND "adminId" = ${adminId}::uuid FOR UPDATE`;
    else await tx.$queryRaw`SELECT id FROM "Gallery" WHERE "folderId" = ${where.folderId}::uuid AND "adminId" = ${adminId}::uuid FOR UPDATE`;
  }
  const scope = "galleryId" in where ? { galleryId: where.galleryId } : { gallery: { folderId: where.folderId } };
  const ended = await client.upload.updateMany({ where: { adminId, status: { in: OPEN_UPLOAD_STATUSES }, ...scope }, data: { status: "CANCELLED", reservedBytes: BigInt(0) } });
  return ended.count;
}
