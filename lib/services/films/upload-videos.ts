// Video uploads: S3 multipart, or (files up to 5 GB) one presigned PUT of the whole file — the
// simple flow; both end with the same complete and abort. Keys are built here, inside the
// caller's own prefix. A file's size is reserved against the available credits when its upload
// starts (lib/services/money/credits.ts) and charged once, at the size the store reports for the assembled
// object, when it completes; every other ending releases the reservation. Each step is a transition
// of the upload state machine (lib/services/films/upload-state.ts): of two racing steps one wins, the
// other answers 409 and changes nothing.
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import * as credits from "@/lib/services/money";
import { titleFromFileName } from "@/lib/services/films/rules/video-title";
import { cleanUp, completeCharged, conflictFor, ENDED_UNUSED, holdGallery, move, ownUpload } from "@/lib/services/films/upload-state";
import { AppError, notFound, unavailableService } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { UPLOAD_LIMITS, multipartPartSize } from "@/lib/limits";
import { galleryPrefix, isKeyUnder, studioPrefix, uniqueName } from "@/lib/storage/keys";
import { deleteObject, deletePrefix, objectSize, presignPut } from "@/lib/storage/objects";
import { storedFile } from "@/lib/services/films/upload-files";
import { abortMultipart, completeMultipart, listParts, presignPart, startMultipart } from "@/lib/storage/multipart";
import { afterFiling, fileUploadedVideo, type Filed } from "@/lib/services/films/videos";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Upload, Video } from "@/generated/prisma/client";
import { log } from "@/lib/log";

async function ownGallery(actor: Actor, galleryId: string) {
  const gallery = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: { id: true, folderId: true } });
  if (!gallery) throw notFound();
  return gallery;
}

type StartQuery = { fileName: string; fileType: string; fileSize: number; galleryId: string; replaceVideoId?: string; keepPrevious?: boolean };

/** The gallery (and the film replaced) a new upload is for, its key, and the free credits checked before the store is touched. */
async function prepareStart(actor: Actor, q: StartQuery) {
  const gallery = await ownGallery(actor, q.galleryId);
  if (q.replaceVideoId) {
    const video = await db.video.findFirst({ where: { id: q.replaceVideoId, adminId: actor.id, galleryId: gallery.id } });
    if (!video) throw notFound();
  }
  const key = `${galleryPrefix(actor.id, gallery.folderId, gallery.id)}${uniqueName(q.fileName)}`;
  const bytes = BigInt(q.fileSize);
  // Checked before the store is touched; checked again, under the lock, when reserving.
  if ((await db.$transaction((tx) => credits.available(tx, actor.id))) < bytes) throw new AppError("not_enough_credits", TEXTS.notEnoughCreditsUpload);
  return { gallery, key, bytes };
}

/** Reserves the file's size and records the open upload (RESERVED), holding its gallery. */
async function reserveUpload(
  actor: Actor,
  q: StartQuery,
  at: { galleryId: string; key: string; bytes: bigint },
  extra: { multipartUploadId?: string; lastModified?: number; firstPartSha256?: string },
) {
  return db.$transaction(async (tx) => {
    if (!(await holdGallery(tx, actor.id, at.galleryId))) throw notFound();
    await credits.reserve(tx, actor.id, at.bytes);
    return tx.upload.create({
      data: {
        adminId: actor.id,
        galleryId: at.galleryId,
        kind: "video",
        key: at.key,
        multipartUploadId: extra.multipartUploadId ?? null,
        fileName: q.fileName.slice(0, 255),
        fileLastModified: extra.lastModified === undefined ? null : BigInt(extra.lastModified),
        firstPartSha256: extra.firstPartSha256 ?? null,
        contentType: q.fileType,
        declaredBytes: at.bytes,
        reservedBytes: at.bytes,
        replaceVideoId: q.replaceVideoId ?? null,
        keepPrevious: Boolean(q.replaceVideoId && q.keepPrevious),
      },
    });
  });
}

/** POST start-multipart-upload: reserves the file's size and opens the multipart upload. */
export async function startVideoUpload(actor: Actor, q: StartQuery & { lastModified?: number; firstPartSha256?: string }) {
  const { gallery, key, bytes } = await prepareStart(actor, q);
  const multipartUploadId = await startMultipart(key, q.fileType);
  try {
    await reserveUpload(actor, q, { galleryId: gallery.id, key, bytes }, { multipartUploadId, lastModified: q.lastModified, firstPartSha256: q.firstPartSha256 });
  } catch (e) {
    await abortMultipart(key, multipartUploadId).catch(() => {});
    throw e;
  }
  const partSize = multipartPartSize(q.fileSize);
  return { uploadId: multipartUploadId, fileName: key, partSize, partCount: Math.max(1, Math.ceil(q.fileSize / partSize)) };
}

/**
 * POST /api/uploads/simple: a film of at most 5 GB sent as one PUT of the whole file. Reserves its
 * size like a multipart start and answers a presigned PUT signed for exactly this type and length;
 * the upload's id is its row's. It is completed (without parts) and aborted by the multipart doors,
 * and expires and is swept like any upload (lib/services/films/storage-sweep.ts).
 */
export async function startSimpleVideoUpload(actor: Actor, q: StartQuery) {
  const { gallery, key, bytes } = await prepareStart(actor, q);
  const upload = await reserveUpload(actor, q, { galleryId: gallery.id, key, bytes }, {});
  const expiresIn = UPLOAD_LIMITS.simplePutExpiresSec;
  return {
    uploadId: upload.id,
    fileName: key,
    url: await presignPut(key, q.fileType, q.fileSize, expiresIn),
    headers: { "Content-Type": q.fileType },
    expiresAt: new Date(upload.createdAt.getTime() + expiresIn * 1000).toISOString(),
  };
}

function assertOpen(upload: Upload) {
  if (upload.status !== "RESERVED") throw conflictFor(upload.status);
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
  return { parts: await storedParts(upload) };
}

/** An open upload's stored parts: the store's own list when it has one, else the parts the browser reported. */
export async function storedParts(upload: Pick<Upload, "id" | "key" | "multipartUploadId">): Promise<{ PartNumber: number; ETag: string; Size: number }[]> {
  try {
    return await listParts(upload.key, upload.multipartUploadId!);
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 405 && status !== 501) throw e;
  }
  const recorded = await db.uploadPart.findMany({ where: { uploadId: upload.id }, orderBy: { partNumber: "asc" } });
  return recorded.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: Number(p.size) }));
}

/** Files a completed video upload (inside its completion's transaction): a new video, or a new file for the video it replaces (lib/services/films/videos.ts). */
async function attachVideo(tx: Tx, upload: Upload, size: number, title?: string): Promise<Filed> {
  return fileUploadedVideo(tx, upload, BigInt(size), title || titleFromFileName(upload.fileName));
}

/** The video a completed upload filed (a retried complete answers it again); 404 once it is gone. */
async function filedVideo(actor: Actor, upload: Upload): Promise<Video> {
  const video = upload.videoId ? await db.video.findFirst({ where: { id: upload.videoId, adminId: actor.id } }) : null;
  if (!video) throw notFound();
  return video;
}

/** The answer for a completion that lost its upload to another step: the filed video, a 404 when the gallery went, else 409. */
async function lostCompletion(actor: Actor, id: string): Promise<{ video: Video }> {
  const now = await db.upload.findUniqueOrThrow({ where: { id } });
  if (now.status === "COMPLETED") return { video: await filedVideo(actor, now) };
  if (!now.galleryId) throw notFound();
  throw conflictFor(now.status);
}

/**
 * POST complete-multipart-upload. A multipart upload: claims it (RESERVED → COMPLETING) before
 * asking the store to assemble it, so an abort, the expiry or a second completion arriving meanwhile
 * gets 409. A simple upload (one PUT, no parts) has nothing to assemble: what the store holds is
 * checked (no larger than declared, of the signed type) and it is completed from RESERVED. Either
 * way it is then charged at the size the store reports (HeadObject), never the declared one, and the
 * video filed, in one transaction that holds the gallery (fileCompleted).
 */
export async function completeVideoUpload(actor: Actor, q: { fileName: string; uploadId: string; parts?: { ETag: string; PartNumber: number }[]; title?: string }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId, { simple: true });
  if (upload.kind !== "video") throw notFound();
  if (!upload.multipartUploadId) return completeSimpleUpload(actor, upload, q);
  if (!q.parts) throw new AppError("VALIDATION", TEXTS.multipartPartsRequired);
  if (upload.status === "COMPLETED") return { video: await filedVideo(actor, upload) };
  const claim = await db.$transaction(async (tx) =>
    !(await holdGallery(tx, actor.id, upload.galleryId)) ? "gone" : (await move(tx, upload.id, "RESERVED", { status: "COMPLETING" })) ? "claimed" : "lost",
  );
  if (claim === "gone") return endGone(upload, "RESERVED");
  if (claim === "lost") return lostCompletion(actor, upload.id);

  try {
    await completeMultipart(upload.key, q.uploadId, q.parts);
  } catch (e) {
    log().warn({ err: e, uploadId: upload.id }, "multipart completion failed");
    if (unavailableService(e) === "storage") {
      // The store is down: the upload fails cleanly, its reservation is released now, and the sweep
      // removes what the store kept (the open multipart upload) once it is back.
      await move(db, upload.id, "COMPLETING", { status: "FAILED" });
      throw new AppError("UNAVAILABLE", TEXTS.storageUnavailable);
    }
    // The store refused the parts and assembled nothing; while COMPLETING no other step could touch
    // the upload, so it goes back to RESERVED and the browser may complete it with the right parts.
    await move(db, upload.id, "COMPLETING", { status: "RESERVED" });
    throw new AppError("VALIDATION", TEXTS.uploadPartsRefused);
  }

  return fileCompleted(actor, upload, "COMPLETING", (await objectSize(upload.key)) ?? 0, q.title);
}

/** Its gallery was deleted (which ended the upload): nothing is charged or filed, and what the store kept of it goes now rather than at the next sweep. */
async function endGone(upload: Upload, from: "RESERVED" | "COMPLETING"): Promise<never> {
  await move(db, upload.id, from, { status: "CANCELLED" });
  const now = await db.upload.findUnique({ where: { id: upload.id } });
  if (now && ENDED_UNUSED.includes(now.status) && !now.cleanedAt) await cleanUp(now);
  throw notFound();
}

/** Completes a film's simple upload (one PUT of the whole file): a retried complete answers the filed video again. */
async function completeSimpleUpload(actor: Actor, upload: Upload, q: { parts?: unknown[]; title?: string }) {
  if (q.parts?.length) throw new AppError("VALIDATION", TEXTS.simpleUploadHasNoParts);
  if (upload.status !== "RESERVED") return lostCompletion(actor, upload.id);
  if (!upload.galleryId) return endGone(upload, "RESERVED");
  // Missing: a 400 and the upload stays open (PUT, then complete again); larger than declared or of
  // another type: a 400 and it fails, removed, nothing charged.
  const size = await storedFile(upload, TEXTS.simpleUploadMissing);
  return fileCompleted(actor, upload, "RESERVED", size, q.title);
}

/**
 * Charges the stored size and files the video in one transaction that holds the gallery
 * (`from` → COMPLETED). If the gallery was deleted meanwhile, or the file is over the credits, or
 * another step came first: nothing is charged or filed, and what the store holds is removed.
 */
async function fileCompleted(actor: Actor, upload: Upload, from: "RESERVED" | "COMPLETING", size: number, title?: string) {
  const outcome = await db.$transaction(async (tx) => {
    if (!(await holdGallery(tx, actor.id, upload.galleryId))) return { kind: "gone" as const };
    const completed = await completeCharged(tx, upload.id, from, BigInt(size));
    if (completed !== "completed") return { kind: completed };
    const fresh = await tx.upload.findUniqueOrThrow({ where: { id: upload.id } });
    return { kind: "done" as const, ...(await attachVideo(tx, fresh, size, title)) };
  });
  if (outcome.kind !== "done") {
    if (outcome.kind === "lost") {
      // Another step came first: a completion that won keeps its file; an abort, the expiry or the
      // sweep ended it, and what the store holds goes now.
      const now = await db.upload.findUniqueOrThrow({ where: { id: upload.id } });
      if (ENDED_UNUSED.includes(now.status) && !now.cleanedAt) await cleanUp(now);
      return lostCompletion(actor, upload.id);
    }
    // Nothing was charged or filed: remove what the store holds.
    await move(db, upload.id, from, { status: "CANCELLED" });
    await cleanUp(upload);
    if (outcome.kind === "over") throw new AppError("not_enough_credits", TEXTS.notEnoughCreditsUpload);
    throw notFound();
  }
  await afterFiling(outcome);
  return { video: outcome.video };
}

/** POST abort-multipart-upload: cancels (RESERVED → CANCELLED), releases the reservation, leaves nothing behind. */
export async function abortVideoUpload(actor: Actor, q: { fileName: string; uploadId: string }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId, { simple: true });
  if (!(await move(db, upload.id, "RESERVED", { status: "CANCELLED" }))) {
    const now = await db.upload.findUniqueOrThrow({ where: { id: upload.id } });
    // A repeated cancel (or one after the gallery's delete ended it) is answered as done.
    if (now.status !== "CANCELLED") throw conflictFor(now.status);
    if (now.cleanedAt === null) await cleanUp(now);
    return { message: "Upload cancelled" };
  }
  await cleanUp(upload);
  return { message: "Upload cancelled" };
}

const isOwnKey = (actor: Actor, key: string) => isKeyUnder(studioPrefix(actor.id), key);

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
