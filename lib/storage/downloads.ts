// Short-lived download links of stored originals, with the file name the viewer's browser saves.
import "@/lib/server-only";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { bucket, s3 } from "@/lib/storage/client";
import { archiveBase, attachmentDisposition, originalExtension } from "@/lib/services/public/rules/archive-names";

/** Download links live at most this long. */
const DOWNLOAD_URL_TTL_SEC = 5 * 60;

/**
 * The name a film's original downloads as: its title as typed (spaces, `&`, accents kept) made a
 * file name by the rule Download all names its ZIP's films by (`archiveBase`), plus the original's
 * extension; `signedDownloadUrl` sends it as RFC 6266 `filename*` with an ASCII `filename` fallback.
 */
export function downloadFileName(title: string, key: string): string {
  const ext = originalExtension(key);
  const base = archiveBase(title);
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/** A presigned GET of the object that the browser saves as `fileName` (attachment). */
export function signedDownloadUrl(key: string, fileName: string, expiresIn = DOWNLOAD_URL_TTL_SEC): Promise<string> {
  const disposition = attachmentDisposition(fileName);
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key, ResponseContentDisposition: disposition }), {
    expiresIn: Math.min(expiresIn, DOWNLOAD_URL_TTL_SEC),
  });
}
