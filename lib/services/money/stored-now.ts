// "Stored now": what the studio's own files occupy in the store today, beside the
// credits its uploads used (which stay as charged, spec §4). Summed from the rows that name the files,
// never from a listing of the store, so it is one indexed query and drops the moment a row goes:
//   - each film's current file (Video.sizeBytes), unless it was rejected and deleted (its upload
//     refunded: lib/services/films/video-processing.ts);
//   - each kept earlier version (VideoVersion.sizeBytes);
//   - a gallery's background image and music, and the studio's logo and favicon, while in use (the
//     upload that stored them, at its stored size).
// Not counted: what Vidfolio derives from a file (thumbnails, renditions, previews, under
// `<key>.derived/`), caption files, and uploads still on their way. Deleting a film, a version, a
// gallery or a folder deletes the rows (and then the objects); replacing a file points the row at
// the new one. tests/integration/credit-figures.test.ts recounts the store against this.
import "@/lib/server-only";
import type { Tx } from "@/lib/db";

/** The studio's stored files, in bytes. */
export async function storedBytes(client: Pick<Tx, "$queryRaw">, adminId: string): Promise<bigint> {
  const [row] = await client.$queryRaw<{ total: bigint }[]>`
    SELECT (
      COALESCE((SELECT SUM(v."sizeBytes") FROM "Video" v
        WHERE v."adminId" = ${adminId}::uuid
          AND NOT EXISTS (
            SELECT 1 FROM "Upload" u JOIN "CreditEntry" c ON c."idempotencyKey" = 'refund:' || u.id::text
            WHERE u.key = v."storageKey" AND u."adminId" = v."adminId")), 0)
      + COALESCE((SELECT SUM("sizeBytes") FROM "VideoVersion" WHERE "adminId" = ${adminId}::uuid), 0)
      + COALESCE((SELECT SUM(u."chargedBytes") FROM "Upload" u
        WHERE u."adminId" = ${adminId}::uuid AND u.kind IN ('image', 'audio') AND u.status = 'COMPLETED'
          AND EXISTS (SELECT 1 FROM "Gallery" g WHERE g."adminId" = u."adminId" AND u.key IN (g."bgImageUrl", g."musicUrl"))), 0)
      + COALESCE((SELECT SUM(u."declaredBytes") FROM "Upload" u JOIN "Admin" a ON a.id = u."adminId"
        WHERE u."adminId" = ${adminId}::uuid AND u.kind = 'asset' AND u.status = 'COMPLETED' AND u."releasedAt" IS NULL
          AND u.key IN (a."companyLogoUrl", a."companyFaviconUrl")), 0)
    )::bigint AS total`;
  return row?.total ?? BigInt(0);
}
