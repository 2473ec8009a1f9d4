// Short-lived download links of stored originals, with the file name the viewer's browser saves.
import "@/lib/server-only";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { bucket, s3 } from "@/lib/storage/client";
import { attachmentDisposition, originalExtension } from "@/lib/services/public/rules/archive-names";

/** Download links live at most this long. */
const DOWNLOAD_URL_TTL_SEC = 5 * 60;

/** A file name safe in a Content-Disposition header: the title's letters, digits and simple marks, plus the key's extension. */
export function downloadFileName(title: string, key: string): string {
  const ext = originalExtension(key);
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^[\s._-]+|[\s._-]+$/g, "")
    .slice(0, 120);
  const name = base || "video";
  return name.toLowerCase().endsWith(`.${ext}`) ? name : `${name}.${ext}`;
}

/** A presigned GET of the object that the browser saves as `fileName` (attachment). */
export function signedDownloadUrl(key: string, fileName: string, expiresIn = DOWNLOAD_URL_TTL_SEC): Promise<string> {
  const disposition = attachmentDisposition(fileName);
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key, ResponseContentDisposition: disposition }), {
    expiresIn: Math.min(expiresIn, DOWNLOAD_URL_TTL_SEC),
  });
}
