// Browser side of presigned single-file uploads (images and audio): fast checks with the spec's
// alerts, then the file goes straight to storage; the server checks it again when it is used.
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { formatBytes, formatCredits } from "@/lib/format";
import { UPLOAD_LIMITS } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";
import { UPLOAD_TYPES } from "@/lib/validation/uploads";

export class UploadError extends Error {}

async function imageDimensions(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const dims = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return dims;
  } catch {
    return null;
  }
}

/**
 * Presigns, then PUTs the file straight to storage; returns the key the server built. The URL is
 * signed for this file's type and exact size: the PUT sends the headers the answer names (the
 * Content-Type) and the file itself as the body, so the browser's Content-Length is its size.
 */
export async function putPresigned(file: File, folderPath: string, failure: string): Promise<string> {
  const { upload_url, fileName, headers } = await apiCall(doors.uploads.presign, { query: { folderPath, fileName: file.name, fileType: file.type, fileSize: file.size } });
  let res: Response;
  try {
    res = await fetch(upload_url, { method: "PUT", body: file, headers });
  } catch {
    throw new UploadError(TEXTS.uploadNetworkError);
  }
  if (res.status !== 200) throw new UploadError(failure);
  return fileName;
}

type ImageRule = { maxBytes: number; minPx: number; label: string };

/** Checks and uploads an image into the studio's assets (logo, favicon); returns its storage key. */
export async function uploadAssetImage(file: File, rule: ImageRule): Promise<string> {
  if (!(UPLOAD_TYPES.asset as readonly string[]).includes(file.type)) throw new UploadError(TEXTS.assetTypes);
  if (file.size > rule.maxBytes) throw new UploadError(TEXTS.fileTooLarge(formatBytes(file.size), formatBytes(rule.maxBytes).replace(".00", "")));
  const dims = await imageDimensions(file);
  if (dims && (dims.width < rule.minPx || dims.height < rule.minPx)) {
    throw new UploadError(`The ${rule.label} must be at least ${rule.minPx}×${rule.minPx} pixels (this one is ${dims.width}×${dims.height}).`);
  }
  return putPresigned(file, "assets", TEXTS.imageUploadFailed);
}

/** Checks and uploads a gallery's background image or music track; returns its storage key. */
export async function uploadGalleryMedia(file: File, kind: "image" | "audio", where: { folderId: string; galleryId: string }): Promise<string> {
  if (!file.type.startsWith(`${kind}/`)) throw new UploadError(kind === "image" ? TEXTS.backgroundImageType : TEXTS.audioType);
  if (kind === "image" && file.size > UPLOAD_LIMITS.imageMaxBytes) throw new UploadError(TEXTS.fileTooLarge(formatBytes(file.size)));
  const { admin } = await apiCall(doors.accounts.details);
  if (file.size / 1048576 > admin.credits) throw new UploadError(TEXTS.notEnoughCreditsDetail(formatBytes(file.size), formatCredits(admin.credits)));
  return putPresigned(file, `${where.folderId}/${where.galleryId}`, kind === "image" ? TEXTS.imageUploadFailed : TEXTS.audioUploadFailed);
}
