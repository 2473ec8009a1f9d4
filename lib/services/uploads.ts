// Presigned single-file uploads (images and audio) straight from the browser to storage. The key
// is built here, inside the caller's own prefix.
import "server-only";
import { AppError } from "@/lib/errors";
import { assetsPrefix, uniqueName } from "@/lib/storage/keys";
import { presignPut } from "@/lib/storage/objects";
import type { Actor } from "@/lib/auth/actor";

export async function presignUpload(actor: Actor, q: { folderPath: string; fileName: string; fileType: string }) {
  const audio = q.fileType.toLowerCase().startsWith("audio/");
  if (q.folderPath !== "assets") {
    // Gallery media (folderId/galleryId) arrive with the uploads issue; only company assets for now.
    throw new AppError("VALIDATION", "Unknown upload folder.");
  }
  if (audio) throw new AppError("VALIDATION", "Only images can be uploaded to company assets.");
  const key = `${assetsPrefix(actor.id)}${uniqueName(q.fileName, { audio })}`;
  return { upload_url: await presignPut(key, q.fileType), fileName: key };
}
