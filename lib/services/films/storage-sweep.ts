// The store's housekeeping, two scheduled sweeps (lib/worker/jobs.ts runs each on its own schedule):
//
// - expireStaleUploads (hourly at :17, `uploads-expire`): uploads left open expire, completions a
//   crash cut short fail, and what the store kept of every upload that ended unused is removed;
//   each step a transition of the upload state machine (lib/services/films/upload-state.ts).
// - sweepOrphanedObjects (hourly at :47, `storage-sweep`): stored objects that no row
//   owns: renditions a worker stored for a video deleted or replaced meanwhile, gallery files nothing
//   references any more, company assets no studio uses, everything of a deleted studio, preview
//   ladders no film names (Paid delivery: an old watermark's, a run cut short, a kept version's). It never
//   deletes what may still be in use: an object younger than the grace period, the key of an open
//   upload, or any current file of a row.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { OPEN_UPLOAD_STATUSES } from "@/lib/services/money";
import { cleanUp, ENDED_UNUSED, move } from "@/lib/services/films/upload-state";
import { deleteObjects, listObjectPage } from "@/lib/storage/objects";
import { previewOfKey } from "@/lib/services/films/video-preview";
import { log } from "@/lib/log";
import { ID_PATTERN as ID } from "@/lib/ids";
import { UPLOAD_LIMITS } from "@/lib/limits";

/** Objects younger than this are left alone: an upload being filed, a worker's run in progress. */
const ORPHAN_GRACE_MS = 6 * 60 * 60 * 1000;

const ASSET = new RegExp(`^(${ID})/assets/[^/]+$`);
const GALLERY_FILE = new RegExp(`^(${ID})/${ID}/${ID}/[^/]+$`);
const DERIVED = new RegExp(`^((${ID})/${ID}/${ID}/[^/]+)\\.derived/.+$`);

type Classified = { key: string; adminId: string; kind: "asset" | "file" | "derived"; base: string };

/** What a key is by the layout the server builds (lib/storage/keys.ts); null for anything else, which is never swept. */
function classify(key: string): Classified | null {
  let m = DERIVED.exec(key);
  if (m) return { key, adminId: m[2], kind: "derived", base: m[1] };
  m = GALLERY_FILE.exec(key);
  if (m) return { key, adminId: m[1], kind: "file", base: key };
  m = ASSET.exec(key);
  if (m) return { key, adminId: m[1], kind: "asset", base: key };
  return null;
}

/** The keys among `items` that some row owns: a video's file or a kept version's (and everything
 *  derived from either, but a preview ladder: only the one its film names, by its stamp), a thumbnail, a gallery's background or music, a film's captions, a studio's logo or favicon, an open
 *  upload (still running: its key may appear, or be completed, at any moment). */
async function ownedKeys(items: Classified[]): Promise<Set<string>> {
  const adminIds = [...new Set(items.map((i) => i.adminId))];
  const keys = items.map((i) => i.key);
  const bases = [...new Set(items.map((i) => i.base))];
  const [videos, versions, galleries, admins, uploads, captions, imports] = await Promise.all([
    db.video.findMany({
      where: { adminId: { in: adminIds }, OR: [{ storageKey: { in: bases } }, { thumbnailKey: { in: keys } }] },
      select: { storageKey: true, thumbnailKey: true, previewStamp: true },
    }),
    // A film's earlier versions kept: their files, thumbnails and renditions.
    db.videoVersion.findMany({
      where: { adminId: { in: adminIds }, OR: [{ storageKey: { in: bases } }, { thumbnailKey: { in: keys } }] },
      select: { storageKey: true, thumbnailKey: true },
    }),
    db.gallery.findMany({
      where: { adminId: { in: adminIds }, OR: [{ bgImageUrl: { in: keys } }, { bgVideoUrl: { in: keys } }, { musicUrl: { in: keys } }] },
      select: { bgImageUrl: true, bgVideoUrl: true, musicUrl: true },
    }),
    db.admin.findMany({ where: { id: { in: adminIds } }, select: { companyLogoUrl: true, companyFaviconUrl: true } }),
    db.upload.findMany({ where: { adminId: { in: adminIds }, key: { in: bases }, status: { in: OPEN_UPLOAD_STATUSES } }, select: { key: true } }),
    db.caption.findMany({ where: { adminId: { in: adminIds }, storageKey: { in: keys } }, select: { storageKey: true } }),
    // A studio an import is filling: its files are stored hours before the rows that own them.
    db.studioImport.findMany({ where: { adminId: { in: adminIds }, status: { in: ["QUEUED", "RUNNING"] } }, select: { adminId: true } }),
  ]);
  const owned = new Set<string>();
  const ownedBases = new Set<string>([...videos.map((v) => v.storageKey), ...versions.map((v) => v.storageKey), ...uploads.map((u) => u.key)]);
  for (const v of [...videos, ...versions]) if (v.thumbnailKey) owned.add(v.thumbnailKey);
  for (const g of galleries) for (const k of [g.bgImageUrl, g.bgVideoUrl, g.musicUrl]) if (k) owned.add(k);
  for (const a of admins) for (const k of [a.companyLogoUrl, a.companyFaviconUrl]) if (k) owned.add(k);
  for (const c of captions) owned.add(c.storageKey);
  // A preview ladder (lib/services/films/video-preview.ts) is its film's while the film names its stamp.
  const previews = new Set(videos.flatMap((v) => (v.previewStamp ? [`${v.storageKey}|${v.previewStamp}`] : [])));
  const importing = new Set(imports.map((i) => i.adminId));
  for (const i of items) {
    const preview = i.kind === "derived" ? previewOfKey(i.key) : null;
    const ownedBase = preview ? previews.has(`${preview.storageKey}|${preview.stamp}`) : ownedBases.has(i.base);
    if (ownedBase || importing.has(i.adminId)) owned.add(i.key);
  }
  return owned;
}

/**
 * Deletes the objects under `prefix` (the whole bucket by default) that no row owns and that were
 * last written before `now − graceMs`. Lists the store a page of 1000 at a time, asking the
 * database about each page in seven queries. Keys outside the server's layout are never touched.
 */
export async function sweepOrphanedObjects(opts: { prefix?: string; graceMs?: number; now?: number; maxPages?: number } = {}): Promise<{ scanned: number; deleted: number }> {
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? ORPHAN_GRACE_MS);
  let marker: string | undefined;
  let scanned = 0;
  let deleted = 0;
  for (let page = 0; page < (opts.maxPages ?? 1000); page++) {
    const { objects, next } = await listObjectPage(opts.prefix ?? "", marker);
    scanned += objects.length;
    const candidates = objects.filter((o) => o.lastModified.getTime() < cutoff).flatMap((o) => classify(o.key) ?? []);
    if (candidates.length) {
      const owned = await ownedKeys(candidates);
      const orphans = candidates.filter((c) => !owned.has(c.key)).map((c) => c.key);
      if (orphans.length) {
        deleted += await deleteObjects(orphans);
        log().info({ count: orphans.length, first: orphans[0] }, "orphaned objects deleted");
      }
    }
    if (!next) break;
    marker = next;
  }
  return { scanned, deleted };
}

const HOUR_MS = 60 * 60 * 1000;
/** A completion still COMPLETING after this was cut short (a crash between claim and filing). */
const STUCK_COMPLETION_MS = HOUR_MS;
/** A branding image presigned but never saved (its URL lives 15 minutes). */
const UNUSED_ASSET_MS = HOUR_MS;

/**
 * The uploads' sweep: uploads left open for a day (branding images: an hour) expire and release
 * their reservations; completions a crash left COMPLETING for an hour fail (nothing was charged or
 * filed); the store's leftovers of every cancelled, failed or expired upload, and branding images
 * replaced or removed, are deleted (retried until the store answers).
 */
export async function expireStaleUploads(maxAgeMs: number = UPLOAD_LIMITS.openForMs): Promise<number> {
  const now = Date.now();
  const stale = await db.upload.findMany({
    where: {
      status: "RESERVED",
      OR: [
        { kind: { not: "asset" }, createdAt: { lt: new Date(now - maxAgeMs) } },
        { kind: "asset", createdAt: { lt: new Date(now - Math.min(maxAgeMs, UNUSED_ASSET_MS)) } },
      ],
    },
    take: 500,
  });
  let expired = 0;
  for (const u of stale) if (await move(db, u.id, "RESERVED", { status: "EXPIRED" })) expired += 1;
  const stuck = await db.upload.findMany({ where: { status: "COMPLETING", updatedAt: { lt: new Date(now - STUCK_COMPLETION_MS) } }, take: 500 });
  for (const u of stuck) await move(db, u.id, "COMPLETING", { status: "FAILED" });
  const leftovers = await db.upload.findMany({
    where: { cleanedAt: null, OR: [{ status: { in: ENDED_UNUSED } }, { kind: "asset", releasedAt: { not: null } }] },
    take: 500,
    orderBy: { updatedAt: "asc" },
  });
  for (const u of leftovers) if (!(await cleanUp(u))) break;
  return expired;
}
