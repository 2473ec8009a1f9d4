// Resuming a film's upload that a closed tab, a reload or a crash left unfinished.
// The server is the one record of what is unfinished: every RESERVED film upload of the studio is
// listed (GET /api/uploads/unfinished) with what the store holds of it, and a resume
// (POST /api/uploads/resume) is allowed only for the file it was started with: the same name, size
// and last-modified time, and the same bytes in its first part (its SHA-256, sent at start). The
// browser then sends only the missing parts and completes it (lib/browser/uploads/video-upload.ts).
// An upload open longer than a day is expired, not resumed; Discard is the abort door
// (lib/services/films/upload-videos.ts), which releases the reservation and removes what was stored.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { UPLOAD_LIMITS, multipartPartSize } from "@/lib/limits";
import { cleanUp, conflictFor, move, ownUpload } from "@/lib/services/films/upload-state";
import { storedParts } from "@/lib/services/films/upload-videos";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Upload } from "@/generated/prisma/client";

const expiresAt = (u: Pick<Upload, "createdAt">) => new Date(u.createdAt.getTime() + UPLOAD_LIMITS.openForMs);

/** What the store holds of an open upload; the parts the browser reported when the store cannot be asked. */
async function partsHeld(u: Upload) {
  const parts = await storedParts(u).catch(async () => (await db.uploadPart.findMany({ where: { uploadId: u.id } })).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: Number(p.size) })));
  return { count: parts.length, bytes: parts.reduce((sum, p) => sum + p.Size, 0) };
}

/** GET /api/uploads/unfinished: the studio's own open film uploads, newest first. */
export async function unfinishedUploads(actor: Actor) {
  const rows = await db.upload.findMany({
    where: { adminId: actor.id, kind: "video", status: "RESERVED", galleryId: { not: null }, multipartUploadId: { not: null } },
    include: { gallery: { select: { id: true, name: true } } },
    orderBy: { createdAt: "desc" },
    take: UPLOAD_LIMITS.unfinishedListed,
  });
  const now = Date.now();
  const uploads = await Promise.all(
    rows.map(async (u) => ({
      fileName: u.key,
      uploadId: u.multipartUploadId!,
      name: u.fileName,
      size: Number(u.declaredBytes),
      lastModified: u.fileLastModified === null ? null : Number(u.fileLastModified),
      gallery: { id: u.gallery!.id, name: u.gallery!.name },
      replaceVideoId: u.replaceVideoId,
      keepPrevious: u.keepPrevious,
      partSize: multipartPartSize(Number(u.declaredBytes)),
      parts: await partsHeld(u),
      startedAt: u.createdAt.toISOString(),
      expiresAt: expiresAt(u).toISOString(),
      expired: expiresAt(u).getTime() <= now,
    })),
  );
  return { uploads };
}

type PickedFile = { name: string; size: number; lastModified: number; firstPartSha256?: string };

/** Whether `file` is the file `upload` was started with; what was not recorded at its start is not compared. */
function sameFile(upload: Upload, file: PickedFile): boolean {
  if (file.name !== upload.fileName || BigInt(file.size) !== upload.declaredBytes) return false;
  if (upload.fileLastModified !== null && BigInt(file.lastModified) !== upload.fileLastModified) return false;
  return upload.firstPartSha256 === null || upload.firstPartSha256 === file.firstPartSha256;
}

/**
 * POST /api/uploads/resume: checks that the picked file is the one this open upload was started
 * with and answers the parts the store holds (the browser sends the others, then completes). An
 * upload past its day is expired here (reservation released, parts removed): 409 `upload_expired`.
 * Another file: 409 `upload_file_mismatch`, nothing changed.
 */
export async function resumeUpload(actor: Actor, q: { fileName: string; uploadId: string; file: PickedFile }) {
  const upload = await ownUpload(actor, q.fileName, q.uploadId);
  if (upload.kind !== "video") throw notFound();
  if (upload.status === "RESERVED" && expiresAt(upload).getTime() <= Date.now()) {
    if (await move(db, upload.id, "RESERVED", { status: "EXPIRED" })) await cleanUp(upload);
    throw new AppError("upload_expired", TEXTS.uploadExpired);
  }
  if (upload.status === "EXPIRED") throw new AppError("upload_expired", TEXTS.uploadExpired);
  if (upload.status !== "RESERVED") throw conflictFor(upload.status);
  if (!sameFile(upload, q.file)) throw new AppError("upload_file_mismatch", TEXTS.resumeWrongFile(upload.fileName));
  return { parts: await storedParts(upload), partSize: multipartPartSize(Number(upload.declaredBytes)) };
}
