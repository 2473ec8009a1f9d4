// Object operations on the media bucket.
import "server-only";
import { DeleteObjectsCommand, ListObjectsCommand } from "@aws-sdk/client-s3";
import { bucket, s3 } from "@/lib/storage/client";
import { isDeletablePrefix } from "@/lib/storage/keys";

/**
 * Deletes every object under a folder's or a gallery's prefix (`adminId/folderId/` or
 * `adminId/folderId/galleryId/`), up to 1000 at a time. Returns how many objects were deleted.
 */
export async function deletePrefix(prefix: string): Promise<number> {
  if (!isDeletablePrefix(prefix)) throw new Error(`Refusing to delete the storage prefix "${prefix}"`);
  let deleted = 0;
  let previous = new Set<string>();
  for (;;) {
    // Each round lists from the start again, since what the last round listed is gone by now; so no
    // continuation token is needed. (ListObjects v1 on purpose: the embedded s3rver fails to make
    // v2 continuation tokens on Node 17+, so a v2 listing of more than 1000 keys errors there.)
    const page = await s3().send(new ListObjectsCommand({ Bucket: bucket(), Prefix: prefix, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    if (keys.length === 0) return deleted;
    if (keys.some((k) => previous.has(k))) throw new Error(`Objects under ${prefix} survived their deletion`);
    const res = await s3().send(
      new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    if (res.Errors?.length) {
      const first = res.Errors[0];
      throw new Error(`Could not delete ${res.Errors.length} object(s) under ${prefix}: ${first.Key} ${first.Code} ${first.Message}`);
    }
    deleted += keys.length;
    previous = new Set(keys);
  }
}
