// Uploads and the credits they use. Keys are built here, inside the caller's own prefix. A file's
// size is reserved against the available credits when its upload starts (under a lock on the
// studio's row, so concurrent uploads can never overdraw), and charged at the real stored size
// when it completes; a cancelled, failed or abandoned upload releases its reservation.
import "server-only";
import { db } from "@/lib/db";
import { AppError, notFound, unavailableService } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { UPLOAD_LIMITS, multipartPartSize } from "@/lib/limits";
import { assetsPrefix, galleryPrefix, uniqueName } from "@/lib/storage/keys";
import { deleteObject, deletePrefix, objectSize, presignPut } from "@/lib/storage/objects";
import { abortMultipart, completeMultipart, listParts, presignPart, startMultipart } from "@/lib/storage/multipart";
import { afterFiling, fileUploadedVideo } from "@/lib/services/videos";
import type { Actor } from "@/lib/auth/actor";
import type { Prisma, Upload } from "@/generated/prisma/client";
import type { UploadKind } from "@/generated/prisma/enums";
import { log } from "@/lib/log";

type Tx = Prisma.TransactionClient;

/** Credits free for new uploads: the balance minus what running uploads have reserved. */
export async function availableBytes(tx: Tx, adminId: string): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ creditBytes: bigint }[]>`SELECT "creditBytes" FROM "Admin" WHERE id = ${adminId}::uuid FOR UPDATE`;
  if (!row) throw notFound();
  const reserved = await tx.upload.aggregate({ where: { adminId, status: "RESERVED" }, _sum: { reservedBytes: true } });
  return row.creditBytes - (reserved._sum.reservedBytes ?? BigInt(0));
}

async function reserve(actor: Actor, data: Omit<Prisma.UploadUncheckedCreateInput, "adminId" | "reservedBytes">): Promise<Upload> {
  return db.$transaction(async (tx) => {
    const bytes = BigInt(data.declaredBytes as bigint);
    if ((await availableBytes(tx, actor.id)) < bytes) throw new AppError("CONFLICT", TEXTS.notEnoughCreditsUpload);
    return tx.upload.create({ data: { ...data, adminId: actor.id, reservedBytes: bytes } });
  });
}

async function ownGallery(actor: Actor, galleryId: string) {
  const gallery = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: { id: true, folderId: true } });
  if (!gallery) throw notFound();
  return gallery;
}

async function ownUpload(actor: Actor, key: string, multipartUploadId?: string) {
  const upload = await db.upload.findFirst({ where: { key, adminId: actor.id, ...(multipartUploadId ? { multipartUploadId } : {}) } });
  if (!upload) throw notFound();
  return upload;
}

/** POST start-multipart-upload: reserves the file's size and opens the multipart upload. */
export async function startVideoUpload(actor: Actor, q: { fileName: string; fileType: string; fileSize: number; galleryId: string; replaceVideoId?: string }) {
  const gallery = await ownGallery(actor, q.galleryId);
  if (q.replaceVideoId) {
    const video = await db.video.findFirst({ where: { id: q.replaceVideoId, adminId: actor.id, galleryId: gallery.id } });
    if (!video) throw notFound();
  }
  const key = `${galleryPrefix(actor.id, gallery.folderId, gallery.id)}${uniqueName(q.fileName)}`;
  // Checked before the store is touched; checked again, under the lock, when reserving.
  const free = await db.$transaction((tx) => availableBytes(tx, actor.id));
  if (free < BigInt(q.fileSize)) throw new AppError("CONFLICT", TEXTS.notEnoughCreditsUpload);
  const multipartUploadId = await startMultipart(key, q.fileType);
  try {
    await reserve(actor, {
      galleryId: gallery.id,
      kind: "video",
      key,
      multipartUploadId,
      fileName: q.fileName.slice(0, 255),
      contentType: q.fileType,
      declaredBytes: BigInt(q.fileSize),
      replaceVideoId: q.replaceVideoId ?? null,
    });
  } catch (e) {
    await abortMultipart(key, multipartUploadId).catch(() => {});
    throw e;
  }
  const partSize = multipartPartSize(q.fileSize);
  return { uploadId: multipartUploadId, fileName: key, partSize, partCount: Math.max(1, Math.ceil(q.fileSize / partSize)) };
}

function assertOpen(upload: Upload) {
  if (upload.status !== "RESERVED") throw new AppError("CONFLICT", `This upload is ${upload.status.toLowerCase()}.`);
}

/** GET get-part-url: a presigned URL for one part. */
export async function partUrl(actor: Actor, q: { fileName: string; uploadId: string; partNumber: number }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId);
  assertOpen(upload);
  const maxParts = Math.ceil(Number(upload.declaredBytes) / multipartPartSize(Number(upload.declaredBytes)));
  if (q.partNumber > Math.max(1, maxParts)) throw new AppError("VALIDATION", `partNumber must be at most ${maxParts}.`);
  return { url: await presignPart(upload.key, q.uploadId, q.partNumber) };
}

/** POST record-part: the browser reports a stored part (its ETag comes from the store's answer). */
export async function recordPart(actor: Actor, q: { fileName: string; uploadId: string; PartNumber: number; ETag: string; Size: number }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId);
  assertOpen(upload);
  const data = { etag: q.ETag, size: BigInt(q.Size) };
  await db.uploadPart.upsert({ where: { uploadId_partNumber: { uploadId: upload.id, partNumber: q.PartNumber } }, create: { uploadId: upload.id, partNumber: q.PartNumber, ...data }, update: data });
  return { message: "Part recorded" };
}

/**
 * GET list-parts: the parts already stored, so an interrupted upload resumes instead of
 * restarting. The store's own list when it has one; else the parts the browser reported.
 */
export async function uploadedParts(actor: Actor, q: { fileName: string; uploadId: string }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId);
  assertOpen(upload);
  try {
    return { parts: await listParts(upload.key, q.uploadId) };
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 405 && status !== 501) throw e;
  }
  const recorded = await db.uploadPart.findMany({ where: { uploadId: upload.id }, orderBy: { partNumber: "asc" } });
  return { parts: recorded.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: Number(p.size) })) };
}

/** Charges a finished upload at its real size, once. Refuses (and deletes) a file larger than the credits. */
async function settle(upload: Upload, size: number): Promise<void> {
  const bytes = BigInt(size);
  const outcome = await db.$transaction(async (tx) => {
    const others = (await availableBytes(tx, upload.adminId)) + upload.reservedBytes;
    const claimed = await tx.upload.updateMany({
      where: { id: upload.id, status: "RESERVED" },
      data: bytes > others ? { status: "FAILED", reservedBytes: BigInt(0) } : { status: "COMPLETED", reservedBytes: BigInt(0), chargedBytes: bytes, completedAt: new Date() },
    });
    if (claimed.count !== 1) return "already";
    if (bytes > others) return "over";
    await tx.admin.update({ where: { id: upload.adminId }, data: { creditBytes: { decrement: bytes } } });
    await tx.creditEntry.create({
      data: { adminId: upload.adminId, type: "used", creditBytes: bytes, purpose: `${upload.kind} upload`, idempotencyKey: `upload:${upload.id}` },
    });
    return "charged";
  });
  if (outcome === "over") {
    await deleteObject(upload.key).catch(() => {});
    throw new AppError("CONFLICT", TEXTS.notEnoughCreditsUpload);
  }
}

const titleFrom = (fileName: string) => fileName.replace(/\.[^.]+$/, "").replace(/[_-]+/g, " ").trim().slice(0, 200) || "Untitled video";

/** Attaches a completed video upload: a new video, or a new file for the video it replaces (lib/services/videos.ts). */
async function attachVideo(upload: Upload, size: number, title?: string) {
  if (upload.videoId) return db.video.findUniqueOrThrow({ where: { id: upload.videoId } });
  const filed = await db.$transaction((tx) => fileUploadedVideo(tx, upload, BigInt(size), title || titleFrom(upload.fileName)));
  await afterFiling(filed);
  return filed.video;
}

/** POST complete-multipart-upload: assembles the parts, charges the real size, and files the video. */
export async function completeVideoUpload(actor: Actor, q: { fileName: string; uploadId: string; parts: { ETag: string; PartNumber: number }[]; title?: string }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId);
  if (upload.status === "COMPLETED") return { video: await attachVideo(upload, Number(upload.chargedBytes), q.title) };
  assertOpen(upload);
  try {
    await completeMultipart(upload.key, q.uploadId, q.parts);
  } catch (e) {
    log().warn({ err: e, uploadId: upload.id }, "multipart completion failed");
    if (unavailableService(e) === "storage") {
      // The store is down: the upload fails cleanly, its reservation is released now, and the sweep
      // removes what the store kept (the open multipart upload) once it is back.
      await db.upload.updateMany({ where: { id: upload.id, status: "RESERVED" }, data: { status: "FAILED", reservedBytes: BigInt(0) } });
      throw new AppError("UNAVAILABLE", TEXTS.storageUnavailable);
    }
    throw new AppError("VALIDATION", "The upload could not be completed: some parts are missing or wrong.");
  }
  const size = (await objectSize(upload.key)) ?? 0;
  await settle(upload, size);
  const fresh = await db.upload.findUniqueOrThrow({ where: { id: upload.id } });
  return { video: await attachVideo(fresh, size, q.title) };
}

/** POST abort-multipart-upload: cancels, releases the reservation, leaves nothing behind. */
export async function abortVideoUpload(actor: Actor, q: { fileName: string; uploadId: string }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId);
  if (upload.status !== "RESERVED") return { message: `This upload is ${upload.status.toLowerCase()}.` };
  await db.upload.updateMany({ where: { id: upload.id, status: "RESERVED" }, data: { status: "CANCELLED", reservedBytes: BigInt(0) } });
  await cleanUp(upload);
  return { message: "Upload cancelled" };
}

/**
 * POST generate-presigned-url: a single PUT for an image or audio file. Company assets
 * (folderPath "assets") are free; gallery media (folderPath "folderId/galleryId") reserve credits
 * and are charged when the gallery saves them.
 */
export async function presignUpload(actor: Actor, q: { folderPath: string; fileName: string; fileType: string; fileSize?: number }) {
  const audio = q.fileType.toLowerCase().startsWith("audio/");
  const kind: UploadKind = audio ? "audio" : "image";
  if (q.folderPath === "assets") {
    if (audio) throw new AppError("VALIDATION", "Only images can be uploaded to company assets.");
    const key = `${assetsPrefix(actor.id)}${uniqueName(q.fileName)}`;
    return { upload_url: await presignPut(key, q.fileType), fileName: key };
  }
  const m = q.folderPath.match(/^([0-9a-f-]{36})\/([0-9a-f-]{36})$/i);
  if (!m) throw new AppError("VALIDATION", "Unknown upload folder.");
  const gallery = await ownGallery(actor, m[2]);
  if (gallery.folderId !== m[1]) throw notFound();
  if (!q.fileSize) throw new AppError("VALIDATION", "fileSize is required.");
  if (kind === "image" && q.fileSize > UPLOAD_LIMITS.imageMaxBytes) throw new AppError("VALIDATION", "The image may be at most 40 MB.");
  const key = `${galleryPrefix(actor.id, gallery.folderId, gallery.id)}${uniqueName(q.fileName, { audio })}`;
  await reserve(actor, { galleryId: gallery.id, kind, key, fileName: q.fileName.slice(0, 255), contentType: q.fileType, declaredBytes: BigInt(q.fileSize) });
  return { upload_url: await presignPut(key, q.fileType), fileName: key };
}

/** Charges a single-PUT gallery upload when the gallery starts using it. */
export async function settleSingleUpload(actor: Actor, key: string, galleryId: string) {
  const upload = await ownUpload(actor, key);
  if (upload.galleryId !== galleryId || upload.kind === "video") throw new AppError("VALIDATION", "That file does not belong to this gallery.");
  if (upload.status === "COMPLETED") return upload;
  assertOpen(upload);
  const size = await objectSize(key);
  if (size === null) throw new AppError("VALIDATION", "The file was not found. Please upload it again.");
  if (upload.kind === "image" && size > UPLOAD_LIMITS.imageMaxBytes) {
    await deleteObject(key).catch(() => {});
    await db.upload.updateMany({ where: { id: upload.id, status: "RESERVED" }, data: { status: "FAILED", reservedBytes: BigInt(0) } });
    throw new AppError("VALIDATION", "The image may be at most 40 MB.");
  }
  await settle(upload, size);
  return db.upload.findUniqueOrThrow({ where: { id: upload.id } });
}

const isOwnKey = (actor: Actor, key: string) => key.startsWith(`${actor.id}/`) && !key.includes("..");

/** POST check-file: whether one of the caller's own files exists. */
export async function checkFile(actor: Actor, key: string) {
  if (!isOwnKey(actor, key)) throw notFound();
  return { exists: (await objectSize(key)) !== null };
}

/** POST delete-file: one of the caller's files, or a whole folder / gallery prefix of theirs. */
export async function deleteFile(actor: Actor, q: { fileName: string } | { folderName: string }) {
  if ("folderName" in q) {
    // The prefix must name the caller's own folder (and a gallery of it): another studio's ids, or
    // ids that name nothing, are a 404 like everywhere else, not a silent "deleted: 0".
    const [folderId, galleryId] = q.folderName.split("/");
    const found = galleryId
      ? await db.gallery.findFirst({ where: { id: galleryId, folderId, adminId: actor.id }, select: { id: true } })
      : await db.folder.findFirst({ where: { id: folderId, adminId: actor.id }, select: { id: true } });
    if (!found) throw notFound();
    return { deleted: await deletePrefix(`${actor.id}/${q.folderName}/`) };
  }
  if (!isOwnKey(actor, q.fileName)) throw notFound();
  await deleteObject(q.fileName);
  return { deleted: 1 };
}

/** Removes what the store may keep of an upload that did not complete; marks it done when it worked. */
async function cleanUp(u: Pick<Upload, "id" | "key" | "multipartUploadId">): Promise<boolean> {
  try {
    if (u.multipartUploadId) await abortMultipart(u.key, u.multipartUploadId);
    await deleteObject(u.key);
  } catch (e) {
    if (unavailableService(e)) return false;
    // Already gone (aborted before, never created): nothing is left, which is what we want.
  }
  await db.upload.update({ where: { id: u.id }, data: { cleanedAt: new Date() } });
  return true;
}

/**
 * The scheduled sweep: uploads left open for a day are expired and their reservations released; the
 * store's leftovers of every cancelled, failed or expired upload are removed (retried until the
 * store answers).
 */
export async function expireStaleUploads(maxAgeMs = 24 * 60 * 60 * 1000): Promise<number> {
  const stale = await db.upload.findMany({ where: { status: "RESERVED", createdAt: { lt: new Date(Date.now() - maxAgeMs) } }, take: 500 });
  let expired = 0;
  for (const u of stale) {
    const moved = await db.upload.updateMany({ where: { id: u.id, status: "RESERVED" }, data: { status: "EXPIRED", reservedBytes: BigInt(0) } });
    if (moved.count === 1) expired += 1;
  }
  const leftovers = await db.upload.findMany({ where: { status: { in: ["CANCELLED", "FAILED", "EXPIRED"] }, cleanedAt: null }, take: 500, orderBy: { updatedAt: "asc" } });
  for (const u of leftovers) if (!(await cleanUp(u))) break;
  return expired;
}
