// Account → Export → Import: a studio brings an export back from its browser. The ZIP goes
// straight to the store (a multipart upload the server opens and signs, like a film's), then a
// worker imports it (lib/services/data/studio-import.ts: checksums, new ids, nothing half-done) and
// deletes it. One open import per studio (checked under a lock of its row), into a studio without
// folders; the imported bytes are charged as uploads are, once ("import:<id>"), never the ZIP itself.
import "@/lib/server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { AppError, notFound, unavailableService } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { log } from "@/lib/log";
import { multipartPartSize } from "@/lib/limits";
import * as credits from "@/lib/services/money";
import { abortMultipart, completeMultipart, presignPart, startMultipart } from "@/lib/storage/multipart";
import { deleteObject, objectSize } from "@/lib/storage/objects";
import { enqueue } from "@/lib/jobs/queue";
import { importJob } from "@/lib/jobs/kinds";
import { importStudio, isEmptyStudio } from "@/lib/services/data/studio-import";
import type { ImportState, ImportSummary } from "@/lib/contract/studio-data";
import { claimable, lostWorker } from "@/lib/services/data/studio-export";
import type { ImportStatus, StudioImport } from "@/generated/prisma/client";

const OPEN: ImportStatus[] = ["UPLOADING", "QUEUED", "RUNNING"];
/** An upload left open this long was abandoned: aborted by the hourly job. */
export const IMPORT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const PROGRESS_EVERY_MS = 1000;

const importKey = (adminId: string, importId: string) => `${adminId}/imports/${importId}.zip`;

function shape(row: StudioImport): ImportState {
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    totalBytes: Number(row.totalBytes),
    doneBytes: Number(row.doneBytes),
    summary: (row.summary as ImportSummary | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function importState(actor: { id: string }): Promise<ImportState | null> {
  const row = await db.studioImport.findFirst({ where: { adminId: actor.id }, orderBy: { createdAt: "desc" } });
  return row ? shape(row) : null;
}

/** The studio's own import (another studio's, or none: 404). */
async function ownImport(actor: { id: string }, importId: string): Promise<StudioImport> {
  const row = await db.studioImport.findFirst({ where: { id: importId, adminId: actor.id } });
  if (!row) throw notFound();
  return row;
}

/** POST /api/import: opens the ZIP's upload (409 when the studio has folders or an import is open; the credits checked roughly now, exactly at import). */
export async function startImportUpload(actor: { id: string }, q: { fileName: string; fileSize: number }) {
  if (!(await isEmptyStudio(actor.id))) throw new AppError("CONFLICT", TEXTS.import.notEmpty);
  if ((await db.$transaction((tx) => credits.available(tx, actor.id))) < BigInt(q.fileSize)) throw new AppError("not_enough_credits", TEXTS.notEnoughCreditsUpload);
  const id = randomUUID();
  const key = importKey(actor.id, id);
  const row = await db.$transaction(async (tx) => {
    await credits.lockStudio(tx, actor.id);
    const open = await tx.studioImport.findFirst({ where: { adminId: actor.id, status: { in: OPEN } } });
    if (open && !lostWorker(open)) throw new AppError("CONFLICT", TEXTS.import.running);
    if (open) await tx.studioImport.update({ where: { id: open.id }, data: { status: "FAILED", error: TEXTS.import.workerLost, finishedAt: new Date() } });
    return tx.studioImport.create({ data: { id, adminId: actor.id, storageKey: key, fileName: q.fileName.slice(0, 255), declaredBytes: BigInt(q.fileSize) } });
  });
  let uploadId: string;
  try {
    uploadId = await startMultipart(key, "application/zip");
  } catch (e) {
    await db.studioImport.update({ where: { id }, data: { status: "FAILED", error: TEXTS.import.failed, finishedAt: new Date() } });
    throw e;
  }
  await db.studioImport.update({ where: { id }, data: { multipartUploadId: uploadId } });
  const partSize = multipartPartSize(q.fileSize);
  return { import: shape(row), upload: { importId: id, uploadId, key, partSize, partCount: Math.max(1, Math.ceil(q.fileSize / partSize)) } };
}

/** GET /api/import/part: a signed PUT of one part of the studio's open import upload. */
export async function importPartUrl(actor: { id: string }, q: { importId: string; partNumber: number }): Promise<{ url: string }> {
  const row = await ownImport(actor, q.importId);
  if (row.status !== "UPLOADING") throw new AppError("CONFLICT", TEXTS.import.notOpen);
  const maxParts = Math.max(1, Math.ceil(Number(row.declaredBytes) / multipartPartSize(Number(row.declaredBytes))));
  if (q.partNumber > maxParts) throw new AppError("VALIDATION", `partNumber must be at most ${maxParts}.`);
  return { url: await presignPart(row.storageKey, row.multipartUploadId!, q.partNumber) };
}

/** POST /api/import/complete: assembles the ZIP and queues its import (a second call answers the import as it is). */
export async function completeImportUpload(actor: { id: string }, q: { importId: string; parts: { PartNumber: number; ETag: string }[] }): Promise<ImportState> {
  const row = await ownImport(actor, q.importId);
  if (row.status !== "UPLOADING") {
    if (row.status === "CANCELLED") throw new AppError("CONFLICT", TEXTS.import.notOpen);
    return shape(row);
  }
  try {
    await completeMultipart(row.storageKey, row.multipartUploadId!, q.parts);
  } catch (e) {
    // Completed by a request racing this one, or cancelled meanwhile: the import as it is now.
    const now = await db.studioImport.findUniqueOrThrow({ where: { id: row.id } });
    if (now.status === "UPLOADING") {
      // The store is down (503), or it refused the parts and assembled nothing: the upload stays
      // open, and the browser may complete it again with the right parts.
      log().warn({ err: e, importId: row.id }, "import completion failed");
      if (unavailableService(e) === "storage") throw new AppError("UNAVAILABLE", TEXTS.storageUnavailable);
      throw new AppError("VALIDATION", TEXTS.uploadPartsRefused);
    }
    if (now.status === "CANCELLED") throw new AppError("CONFLICT", TEXTS.import.notOpen);
    return shape(now);
  }
  const size = await objectSize(row.storageKey);
  if (size !== Number(row.declaredBytes)) {
    await deleteObject(row.storageKey).catch(() => {});
    await db.studioImport.update({ where: { id: row.id }, data: { status: "FAILED", error: TEXTS.import.sizeMismatch, finishedAt: new Date() } });
    throw new AppError("VALIDATION", TEXTS.import.sizeMismatch);
  }
  const moved = await db.studioImport.updateMany({ where: { id: row.id, status: "UPLOADING" }, data: { status: "QUEUED" } });
  if (moved.count === 1) await enqueue(importJob, { importId: row.id });
  const now = await db.studioImport.findUniqueOrThrow({ where: { id: row.id } });
  if (now.status === "CANCELLED") {
    // Cancelled while the ZIP was assembled (its abort came too late): the ZIP goes, nothing is imported.
    await deleteObject(row.storageKey).catch((e) => log().warn({ err: e, importId: row.id }, "cancelled import's ZIP not deleted"));
    throw new AppError("CONFLICT", TEXTS.import.notOpen);
  }
  return shape(now);
}

/** DELETE /api/import: cancels the studio's import while its ZIP is still uploading (nothing is kept or charged). */
export async function cancelImportUpload(actor: { id: string }): Promise<ImportState | null> {
  const row = await db.studioImport.findFirst({ where: { adminId: actor.id, status: "UPLOADING" }, orderBy: { createdAt: "desc" } });
  if (!row) return importState(actor);
  const moved = await db.studioImport.updateMany({ where: { id: row.id, status: "UPLOADING" }, data: { status: "CANCELLED", finishedAt: new Date() } });
  if (moved.count === 1 && row.multipartUploadId) await abortMultipart(row.storageKey, row.multipartUploadId).catch((e) => log().warn({ err: e, importId: row.id }, "import abort failed"));
  return importState(actor);
}

/** The worker's job: imports the uploaded ZIP, charges it, deletes the ZIP. Throws (for a retry) on a passing failure. */
export async function runImport(importId: string): Promise<"done" | "failed" | "skipped"> {
  const claimed = await db.studioImport.updateMany({
    where: { id: importId, ...claimable() },
    data: { status: "RUNNING", doneBytes: 0, error: null },
  });
  if (claimed.count === 0) {
    // The retry of a run that died after its rows were written (DONE): its ZIP may still be there.
    const ended = await db.studioImport.findUnique({ where: { id: importId } });
    if (ended && (ended.status === "DONE" || ended.status === "FAILED")) await deleteObject(ended.storageKey).catch(() => {});
    return "skipped";
  }
  const row = await db.studioImport.findUniqueOrThrow({ where: { id: importId } });
  let reported = 0;
  try {
    await importStudio(
      row.adminId,
      { key: row.storageKey, size: Number(row.declaredBytes) },
      {
        charge: { key: `import:${row.id}`, purpose: TEXTS.import.purpose(row.fileName) },
        onProgress: async (done, total) => {
          if (done > 0 && done < total && Date.now() - reported < PROGRESS_EVERY_MS) return;
          reported = Date.now();
          await db.studioImport.update({ where: { id: importId }, data: { doneBytes: BigInt(done), totalBytes: BigInt(total) } });
        },
        // Done in the rows' own transaction: a worker dying after it leaves an import that says so.
        onCommit: (tx, summary) => tx.studioImport.update({ where: { id: importId }, data: { status: "DONE", summary, finishedAt: new Date() } }),
      },
    );
    await deleteObject(row.storageKey).catch(() => {});
    return "done";
  } catch (e) {
    // A refusal (not an export, tampered, not empty, not enough credits) will not pass by retrying.
    if (e instanceof AppError) {
      // Only while it is still running: a runner that took this import over (it looked lost) may have finished it.
      const failed = await db.studioImport.updateMany({ where: { id: importId, status: "RUNNING" }, data: { status: "FAILED", error: e.message, finishedAt: new Date() } });
      if (failed.count === 0) return "skipped";
      await deleteObject(row.storageKey).catch(() => {});
      return "failed";
    }
    throw e;
  }
}

/** After the job's last try: FAILED (the ZIP deleted); before it: QUEUED again for the retry. The worker logs the error. */
export async function failImport(importId: string, final = true): Promise<void> {
  const row = await db.studioImport.findUnique({ where: { id: importId } });
  if (!row || !OPEN.includes(row.status)) return;
  await db.studioImport.update({ where: { id: importId }, data: final ? { status: "FAILED", error: TEXTS.import.failed, finishedAt: new Date() } : { status: "QUEUED", doneBytes: 0 } });
  if (final) await deleteObject(row.storageKey).catch(() => {});
}

/** Hourly: import uploads left open a day are aborted (their parts removed). */
export async function expireImportUploads(now = Date.now()): Promise<{ abandoned: number }> {
  const stale = await db.studioImport.findMany({ where: { status: "UPLOADING", updatedAt: { lt: new Date(now - IMPORT_UPLOAD_TTL_MS) } }, take: 500 });
  for (const row of stale) {
    const moved = await db.studioImport.updateMany({ where: { id: row.id, status: "UPLOADING" }, data: { status: "CANCELLED", finishedAt: new Date() } });
    if (moved.count === 1 && row.multipartUploadId) await abortMultipart(row.storageKey, row.multipartUploadId).catch(() => {});
  }
  return { abandoned: stale.length };
}
