// Browser side of a presigned single-file upload (images): fast checks, then the file goes
// straight to storage; the server checks it again when it is saved.
import { api } from "@/lib/api-client";
import { formatUploadSize } from "@/lib/format";
import { TEXTS } from "@/lib/texts";

export class UploadError extends Error {}

type ImageRule = { maxBytes: number; minPx: number; label: string };

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

/** Checks and uploads an image into the studio's assets; returns its storage key. */
export async function uploadAssetImage(file: File, rule: ImageRule): Promise<string> {
  if (!file.type.startsWith("image/")) throw new UploadError(`The ${rule.label} must be an image file.`);
  if (file.size > rule.maxBytes) {
    throw new UploadError(TEXTS.fileTooLarge(formatUploadSize(file.size / 1048576), formatUploadSize(rule.maxBytes / 1048576).replace(".00", "")));
  }
  const dims = await imageDimensions(file);
  if (dims && (dims.width < rule.minPx || dims.height < rule.minPx)) {
    throw new UploadError(`The ${rule.label} must be at least ${rule.minPx}×${rule.minPx} pixels (this one is ${dims.width}×${dims.height}).`);
  }
  const query = new URLSearchParams({ folderPath: "assets", fileName: file.name, fileType: file.type });
  const { upload_url, fileName } = await api<{ upload_url: string; fileName: string }>(`products/generate-presigned-url?${query}`, { method: "POST" });
  let res: Response;
  try {
    res = await fetch(upload_url, { method: "PUT", body: file, headers: { "content-type": file.type } });
  } catch {
    throw new UploadError(TEXTS.uploadNetworkError);
  }
  if (res.status !== 200) throw new UploadError(TEXTS.imageUploadFailed);
  return fileName;
}
