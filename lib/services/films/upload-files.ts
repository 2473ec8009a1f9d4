// Single-file uploads through a presigned PUT: a gallery's background image or music (credits
// reserved at presign, charged when the gallery uses the file) and company branding images (free,
// capped per studio). The URL signs the file's type and exact length; what arrives is checked again
// (size, type, content) before it is used, and anything refused is removed.
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import * as credits from "@/lib/services/money";
import { cleanUp, completeCharged, conflictFor, holdGallery, move, ownUpload } from "@/lib/services/films/upload-state";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { formatBytes } from "@/lib/format";
import { UPLOAD_LIMITS } from "@/lib/limits";
import { UPLOAD_TYPES, type PresignQuery } from "@/lib/validation/uploads";
import { assetsPrefix, galleryPrefix, uniqueName } from "@/lib/storage/keys";
import { deleteObject, objectHead, presignPut } from "@/lib/storage/objects";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Upload } from "@/generated/prisma/client";

const allowed = (list: readonly string[], type: string) => list.includes(type);

/**
 * POST generate-presigned-url: a single PUT for an image or audio file, signed for exactly this type
 * and size. Company assets (folderPath "assets") are free but capped; gallery media (folderPath
 * "folderId/galleryId") reserve credits and are charged when the gallery saves them.
 */
export async function presignUpload(actor: Actor, q: PresignQuery) {
  const answer = async (key: string) => ({ upload_url: await presignPut(key, q.fileType, q.fileSize), fileName: key, headers: { "Content-Type": q.fileType } });
  if (q.folderPath === "assets") {
    if (!allowed(UPLOAD_TYPES.asset, q.fileType)) throw new AppError("VALIDATION", TEXTS.assetTypes);
    if (q.fileSize > UPLOAD_LIMITS.logoMaxBytes) throw new AppError("VALIDATION", TEXTS.fileTooLarge(formatBytes(q.fileSize)));
    const key = `${assetsPrefix(actor.id)}${uniqueName(q.fileName)}`;
    await db.$transaction(async (tx) => {
      await credits.lockStudio(tx, actor.id);
      const kept = { adminId: actor.id, kind: "asset" as const, cleanedAt: null, releasedAt: null, status: { in: ["RESERVED" as const, "COMPLETED" as const] } };
      const [unsaved, bytes] = await Promise.all([tx.upload.count({ where: { ...kept, status: "RESERVED" } }), tx.upload.aggregate({ where: kept, _sum: { declaredBytes: true } })]);
      const total = (bytes._sum.declaredBytes ?? BigInt(0)) + BigInt(q.fileSize);
      if (unsaved >= UPLOAD_LIMITS.assetUnsavedMax || total > BigInt(UPLOAD_LIMITS.assetBytesMax)) throw new AppError("CONFLICT", TEXTS.assetLimit);
      await tx.upload.create({
        data: { adminId: actor.id, kind: "asset", key, fileName: q.fileName.slice(0, 255), contentType: q.fileType, declaredBytes: BigInt(q.fileSize), reservedBytes: BigInt(0) },
      });
    });
    return answer(key);
  }
  const audio = q.fileType.startsWith("audio/");
  const kind = audio ? "audio" : "image";
  const { folderId, galleryId } = q.folderPath;
  const gallery = await db.gallery.findFirst({ where: { id: galleryId, folderId, adminId: actor.id }, select: { id: true, folderId: true } });
  if (!gallery) throw notFound();
  if (!allowed(UPLOAD_TYPES[kind], q.fileType)) throw new AppError("VALIDATION", audio ? TEXTS.audioType : TEXTS.backgroundImageType);
  if (kind === "image" && q.fileSize > UPLOAD_LIMITS.imageMaxBytes) throw new AppError("VALIDATION", "The image may be at most 40 MB.");
  const key = `${galleryPrefix(actor.id, gallery.folderId, gallery.id)}${uniqueName(q.fileName, { audio })}`;
  const bytes = BigInt(q.fileSize);
  await db.$transaction(async (tx) => {
    if (!(await holdGallery(tx, actor.id, gallery.id))) throw notFound();
    await credits.reserve(tx, actor.id, bytes);
    await tx.upload.create({ data: { adminId: actor.id, galleryId: gallery.id, kind, key, fileName: q.fileName.slice(0, 255), contentType: q.fileType, declaredBytes: bytes, reservedBytes: bytes } });
  });
  return answer(key);
}

/** Refuses an open single upload: FAILED (its reservation released) and its object removed. */
async function refuse(upload: Upload, message: string): Promise<never> {
  if (await move(db, upload.id, "RESERVED", { status: "FAILED" })) await cleanUp(upload);
  throw new AppError("VALIDATION", message);
}

/**
 * What the store holds for an open single upload (an image, music, or a film's simple upload):
 * refused (FAILED, removed) unless no larger than announced and of the signed type; a 400 `missing`
 * while nothing is stored yet (the upload stays open).
 */
export async function storedFile(upload: Upload, missing: string): Promise<number> {
  const head = await objectHead(upload.key);
  if (!head) throw new AppError("VALIDATION", missing);
  if (head.size > Number(upload.declaredBytes)) return refuse(upload, TEXTS.uploadLargerThanDeclared);
  if (head.contentType && head.contentType.toLowerCase() !== upload.contentType.toLowerCase())
    return refuse(upload, `The file was stored as ${head.contentType}, not ${upload.contentType}. Please upload it again.`);
  return head.size;
}

/**
 * Charges a single-PUT gallery upload when the gallery starts using it (RESERVED → COMPLETED, at the
 * stored size). `check` looks at the content first; a refusal there (an AppError) fails the upload
 * and removes the file, charging nothing.
 */
export async function settleSingleUpload(actor: Actor, key: string, galleryId: string, check?: () => Promise<void>): Promise<Upload> {
  const upload = await ownUpload(actor, key);
  if (upload.galleryId !== galleryId || (upload.kind !== "image" && upload.kind !== "audio")) throw new AppError("VALIDATION", "That file does not belong to this gallery.");
  if (upload.status === "COMPLETED") return upload;
  if (upload.status !== "RESERVED") throw conflictFor(upload.status);
  const size = await storedFile(upload, "The file was not found. Please upload it again.");
  if (check) {
    try {
      await check();
    } catch (e) {
      if (e instanceof AppError) await refuse(upload, e.message);
      throw e;
    }
  }
  const outcome = await db.$transaction(async (tx) => {
    if (!(await holdGallery(tx, actor.id, galleryId))) return "gone";
    return completeCharged(tx, upload.id, "RESERVED", BigInt(size));
  });
  if (outcome === "gone") throw notFound();
  if (outcome === "lost") {
    const now = await db.upload.findUniqueOrThrow({ where: { id: upload.id } });
    if (now.status === "COMPLETED") return now;
    throw conflictFor(now.status);
  }
  if (outcome === "over") {
    await cleanUp(upload);
    throw new AppError("not_enough_credits", TEXTS.notEnoughCreditsUpload);
  }
  return db.upload.findUniqueOrThrow({ where: { id: upload.id } });
}

/**
 * A branding image the studio presigned and has not saved yet, with its stored size (checked against
 * the signed length and type); null when there is none for this key.
 */
export async function unsavedAsset(actor: Actor, key: string, missing: string): Promise<{ upload: Upload; size: number } | null> {
  const upload = await db.upload.findFirst({ where: { key, adminId: actor.id, kind: "asset", status: "RESERVED" } });
  if (!upload) return null;
  return { upload, size: await storedFile(upload, missing) };
}

/** Refuses a branding image after looking at it: FAILED and removed. */
export const refuseAsset = (upload: Upload, message: string) => refuse(upload, message);

/** Marks a checked branding image as in use (inside the transaction that saves it); false if it is no longer open. */
export async function claimAsset(tx: Tx, upload: Upload): Promise<boolean> {
  return move(tx, upload.id, "RESERVED", { status: "COMPLETED", completedAt: new Date() });
}

/**
 * A branding image no longer used (replaced or removed): released, and deleted now if the store
 * answers (else by the sweep). A file from before uploads were tracked is simply deleted.
 */
export async function releaseAsset(adminId: string, key: string): Promise<void> {
  const upload = await db.upload.findFirst({ where: { key, adminId, kind: "asset" } });
  if (!upload) {
    await deleteObject(key).catch(() => {});
    return;
  }
  await db.upload.update({ where: { id: upload.id }, data: { releasedAt: new Date() } });
  await cleanUp(upload);
}
