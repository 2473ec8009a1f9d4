// The preview ladder of a film in an unpaid gallery (Paid delivery). While a gallery is held back
// (Pay to unlock, lib/services/money/rules/paid-delivery.ts isPayLocked), its guests watch only a preview: an HLS ladder
// of at most 720p with the studio's watermark burned in, made once per film version by the worker
// (the `…-preview` queue) and kept until the gallery is paid:
//
//   pay-locked (queuePreviews) · a film READY in one (video-processing.ts) · a new watermark
//   (queueStudioPreviews) ──▶ previewJob ──▶ makePreview ──▶ Video.previewKey/previewStamp/previewAt
//   paid, or no longer held back ──▶ dropPreviews (objects and fields gone)
//
// A preview is named by its stamp (previewStamp: the film's file and the watermark it was made
// with), stored under `<file>.derived/preview-<stamp>/`, with its own thumbnail (`previewThumbKey`: a
// frame of the preview's top rung at the film's thumbnail time, what guests see instead of the clean
// thumbnail: no clean frame). `previewKey` non-null means a preview of
// the film's current file exists and may be served: it is published in one conditional update (the
// file still the one encoded, the gallery still held back), and cleared with every new file
// (videos.ts replaceVideoFile). A new watermark makes new previews; each old one plays until its
// successor is published, then goes. Objects no film names by its stamp (a run cut short, a kept
// version's preview) are removed by the storage sweep (storage-sweep.ts ownedKeys).
import "@/lib/server-only";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { enqueue } from "@/lib/jobs/queue";
import { previewJob } from "@/lib/jobs/kinds";
import { isPayLocked, PRICE_ROW_SELECT, type PriceRow } from "@/lib/services/money/rules/paid-delivery";
import { studioShownName } from "@/lib/texts/labels";
import { isRasterLogo, isWatermarkPosition, PREVIEW_LADDER, WATERMARK_OPACITY_MAX, WATERMARK_OPACITY_MIN, type Watermark } from "@/lib/services/money/rules/watermark";
import { markText, type BurnIn } from "@/lib/media/watermark-filter";
import { ladderFor, RenditionCheckError, segmentAt } from "@/lib/media/ladder";
import { browserPlayable, localSource, MediaError, storedRungFile, storeFrame, storeMaster, storeRungs, thumbnailKeyAt, thumbnailTime, withSourceFile } from "@/lib/media/process-video";
import { derivedPrefix, isGalleryFileKey } from "@/lib/storage/keys";
import { deleteObject, deleteObjects, downloadToFile, listKeys, readText } from "@/lib/storage/objects";
import { variantsOf } from "@/lib/storage/playlists";
import { invalidatePublicGallery } from "@/lib/services/public";
import { playableFirst, PLAYABLE_FIRST_MAX_MS } from "@/lib/services/films/video-ladder";
import type { Admin } from "@/generated/prisma/client";

/** Raised when what a preview looks like changes (the mark's size or place, the encoder): every preview's stamp changes with it. 2: a bottom mark above the control bar. */
const PREVIEW_RECIPE = 2;

/** A stamp: 12 hex digits. */
const STAMP = /^[0-9a-f]{12}$/;

/** The studio's fields its watermark is made of. */
export type WatermarkRow = Pick<Admin, "watermarkText" | "watermarkLogo" | "watermarkPosition" | "watermarkOpacity" | "companyLogoUrl" | "companyName" | "name">;
const WATERMARK_FIELDS = { watermarkText: true, watermarkLogo: true, watermarkPosition: true, watermarkOpacity: true, companyLogoUrl: true, companyName: true, name: true } as const;
const PRICE_FIELDS = PRICE_ROW_SELECT;
const THUMB_FIELDS = { storageKey: true, cuePoint: true, durationSec: true } as const;

/**
 * Whether the film's published preview is the one it should have: of the stamp `stamp`, with its
 * thumbnail at the film's thumbnail time (a preview made before previews had thumbnails, or a new
 * cue point, makes it again).
 */
const previewCurrent = (f: ThumbRow & { previewKey: string | null; previewStamp: string | null; previewThumbKey: string | null }, stamp: string) =>
  f.previewKey !== null && f.previewStamp === stamp && f.previewThumbKey === previewThumbKeyOf(f, stamp);

/** The studio's watermark as previews are made with it: its text (else its shown name), its logo when chosen and a PNG or JPEG, its place and opacity (within bounds). */
export function watermarkOf(admin: WatermarkRow): Watermark {
  const opacity = Math.round(Math.min(WATERMARK_OPACITY_MAX, Math.max(WATERMARK_OPACITY_MIN, admin.watermarkOpacity)));
  return {
    text: markText(admin.watermarkText ?? "") || markText(studioShownName(admin)) || "Preview",
    logoKey: admin.watermarkLogo && isRasterLogo(admin.companyLogoUrl) ? admin.companyLogoUrl : null,
    position: isWatermarkPosition(admin.watermarkPosition) ? admin.watermarkPosition : "center",
    opacity,
  };
}

/** The stamp of a preview of the file `storageKey` with `watermark`: a short hash of what it shows (the logo's key, else the text). */
export function previewStamp(storageKey: string, watermark: Watermark): string {
  const mark = watermark.logoKey ? ["logo", watermark.logoKey] : ["text", watermark.text];
  return createHash("sha256")
    .update(JSON.stringify([PREVIEW_RECIPE, storageKey, ...mark, watermark.position, watermark.opacity]))
    .digest("hex")
    .slice(0, 12);
}

/** Where a film's preview of that stamp is stored. */
export const previewPrefix = (storageKey: string, stamp: string) => `${derivedPrefix(storageKey)}preview-${stamp}/`;

/** The film's facts its thumbnail's time is read from (the cue point, else lib/media/process-video.ts thumbnailTime's default). */
type ThumbRow = { storageKey: string; cuePoint: string | null; durationSec: number | null };

/** The key of the preview's thumbnail of that stamp: named by its time, as the film's own (a new cue point, a new frame). */
export const previewThumbKeyOf = (film: ThumbRow, stamp: string) => thumbnailKeyAt(previewPrefix(film.storageKey, stamp), thumbnailTime(film.cuePoint, film.durationSec ?? 0));

/** The file and stamp of a stored preview object, from its key; null for any other key. */
export function previewOfKey(key: string): { storageKey: string; stamp: string } | null {
  const m = /^(.+)\.derived\/preview-([0-9a-f]{12})\//.exec(key);
  return m ? { storageKey: m[1], stamp: m[2] } : null;
}

/** Deletes a preview's objects (all of that stamp's). */
async function removePreview(storageKey: string, stamp: string): Promise<void> {
  if (!isGalleryFileKey(storageKey) || !STAMP.test(stamp)) throw new Error(`Refusing to delete the preview "${stamp}" of "${storageKey}"`);
  const keys = await listKeys(previewPrefix(storageKey, stamp));
  for (let i = 0; i < keys.length; i += 1000) await deleteObjects(keys.slice(i, i + 1000));
}

const removeQuietly = (storageKey: string, stamp: string) =>
  removePreview(storageKey, stamp).catch((err) => log().warn({ err, storageKey, stamp }, "could not remove a preview's objects; the storage sweep will"));

/** A gallery's films that need a preview (READY, without one of the current stamp) while it is held back; none when it is not. */
async function filmsNeedingPreviews(galleryId: string): Promise<string[]> {
  const gallery = await db.gallery.findUnique({ where: { id: galleryId }, select: { ...PRICE_FIELDS, admin: { select: WATERMARK_FIELDS } } });
  if (!gallery || !isPayLocked(gallery)) return [];
  const watermark = watermarkOf(gallery.admin);
  const films = await db.video.findMany({ where: { galleryId, status: "READY" }, select: { id: true, ...THUMB_FIELDS, previewKey: true, previewStamp: true, previewThumbKey: true } });
  return films.filter((f) => !previewCurrent(f, previewStamp(f.storageKey, watermark))).map((f) => f.id);
}

/**
 * When the gallery is held back, a preview job for each READY film without a preview of the
 * current stamp (one queued per film at most). Returns how many films need one.
 */
export async function queuePreviews(galleryId: string): Promise<number> {
  const ids = await filmsNeedingPreviews(galleryId);
  for (const videoId of ids) await enqueue(previewJob, { videoId });
  if (ids.length) log().info({ galleryId, films: ids.length }, "previews queued");
  return ids.length;
}

/** Every held-back gallery of the studio: its previews queued (a new watermark). Returns how many films need one. */
export async function queueStudioPreviews(adminId: string): Promise<number> {
  const galleries = await db.gallery.findMany({ where: { adminId, payToUnlock: true, paidAt: null }, select: { id: true, ...PRICE_FIELDS } });
  let queued = 0;
  for (const g of galleries.filter(isPayLocked)) queued += await queuePreviews(g.id);
  return queued;
}

/**
 * The film as a preview run reads it (its file, its gallery's price, its studio's watermark, the
 * stamp its preview should have) when it needs a preview: READY in a held-back gallery, without a
 * preview of that stamp. Null otherwise.
 */
async function filmNeedingPreview(videoId: string) {
  const film = await db.video.findUnique({
    where: { id: videoId },
    select: {
      id: true,
      ...THUMB_FIELDS,
      status: true,
      galleryId: true,
      previewKey: true,
      previewStamp: true,
      previewThumbKey: true,
      gallery: { select: PRICE_FIELDS },
      admin: { select: WATERMARK_FIELDS },
    },
  });
  if (!film || film.status !== "READY" || !isPayLocked(film.gallery)) return null;
  const watermark = watermarkOf(film.admin);
  const stamp = previewStamp(film.storageKey, watermark);
  return previewCurrent(film, stamp) ? null : { ...film, watermark, stamp };
}

/** After a film became READY (its first file, or a new one): its preview queued if its gallery is held back. Never throws: the film plays (or waits) as it is. */
export async function queuePreviewOf(videoId: string): Promise<void> {
  try {
    if (await filmNeedingPreview(videoId)) await enqueue(previewJob, { videoId });
  } catch (err) {
    log().warn({ err, videoId }, "could not queue the film's preview");
  }
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isRasterImage = (head: Buffer) => head.subarray(0, 8).equals(PNG) || (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff);

/** The mark as ffmpeg burns it: the studio's logo downloaded into `dir` (a PNG or JPEG by its content), else the text. */
async function burnIn(watermark: Watermark, dir: string): Promise<BurnIn> {
  const text = { text: watermark.text, logoFile: null, position: watermark.position, opacity: watermark.opacity };
  if (!watermark.logoKey) return text;
  const file = path.join(dir, `logo${path.extname(watermark.logoKey).toLowerCase()}`);
  try {
    await downloadToFile(watermark.logoKey, file);
    if (isRasterImage(await readFile(file))) return { ...text, logoFile: file };
  } catch (err) {
    log().warn({ err, logoKey: watermark.logoKey }, "the studio's logo could not be read; the preview shows its text");
  }
  return text;
}

/**
 * Publishes a preview in one transaction: only while the film still has the file encoded (READY)
 * and its gallery is still held back (its row read under a share lock, so a payment recorded at the
 * same time comes before or after, never between). Returns the stamp it replaced (null: none), or
 * "gone" / "not locked" when nothing was published.
 */
async function publishPreview(
  film: { id: string; storageKey: string; galleryId: string },
  stamp: string,
  keys: { previewKey: string; previewThumbKey: string },
): Promise<string | null | "gone" | "not locked"> {
  return db.$transaction(async (tx) => {
    const [gallery] = await tx.$queryRaw<PriceRow[]>`SELECT "priceAmount", "priceCurrency", "priceDeposit", "payToUnlock", "paidAt" FROM "Gallery" WHERE id = ${film.galleryId}::uuid FOR SHARE`;
    if (!gallery || !isPayLocked(gallery)) return "not locked" as const;
    const [row] = await tx.$queryRaw<
      { previewStamp: string | null }[]
    >`SELECT "previewStamp" FROM "Video" WHERE id = ${film.id}::uuid AND "storageKey" = ${film.storageKey} AND status = 'READY' FOR UPDATE`;
    if (!row) return "gone" as const;
    await tx.video.update({ where: { id: film.id }, data: { ...keys, previewStamp: stamp, previewAt: new Date() } });
    return row.previewStamp;
  });
}

/**
 * The preview job's work: the film's preview ladder (ladderFor its short side, PREVIEW_LADDER: never
 * above 720p) with the studio's watermark and the sound, checked as the film's own ladder is
 * (checkLadder, checkMaster), stored under its stamp's prefix with its thumbnail (a frame of its top
 * rung at the film's thumbnail time) and published; the previous preview (another stamp) then goes.
 * A current preview without the thumbnail of that time gets the frame alone (makePreviewThumb). "skip": the film is gone or not READY, its gallery not held back, or its
 * preview current. "gone": its file was replaced (or the gallery paid) meanwhile: what this run
 * stored is removed. "failed": the file cannot make one (its guests do not see the film; logged).
 * Waits, as ladders do, while films wait to become playable.
 */
export async function makePreview(videoId: string, { playableFirstMaxMs = PLAYABLE_FIRST_MAX_MS } = {}): Promise<"ready" | "skip" | "gone" | "failed"> {
  const needed = await filmNeedingPreview(videoId);
  if (!needed) return "skip";
  // Its preview is current but for its thumbnail (a new cue point, or made before previews had one): that frame only.
  if (needed.previewKey !== null && needed.previewStamp === needed.stamp) return makePreviewThumb(needed);
  const waitedMs = await playableFirst({ maxMs: playableFirstMaxMs });
  if (waitedMs > 0) log().info({ videoId, waitedMs }, "the preview waited for films to become playable");
  // Deleted, replaced, paid or already made while it waited.
  const film = await filmNeedingPreview(videoId);
  if (!film) return "skip";
  const prefix = previewPrefix(film.storageKey, film.stamp);
  const previewThumbKey = previewThumbKeyOf(film, film.stamp);
  let previewKey: string;
  try {
    previewKey = await withSourceFile(film.storageKey, async (remote, dir) => {
      if (!remote.facts?.video) throw new MediaError("The file no longer reads as a video");
      // As the film's own ladder: an MP4 browsers play is read where it is stored, by ranges; any other file is downloaded once.
      const src = browserPlayable(remote) ? remote : await localSource(remote, dir);
      const heights = ladderFor(remote.facts.video, [...PREVIEW_LADDER]);
      const audio = remote.facts.audioCodec !== null;
      const watermark = await burnIn(film.watermark, dir);
      const rungs = await storeRungs(src, dir, heights, { audio, watermark, prefix });
      // Its thumbnail: one frame of the top rung as stored (watermarked), never of the film itself.
      const rung = storedRungFile(dir, Math.max(...rungs.map((r) => r.height)));
      await storeRungFrame(await readFile(rung, "utf8"), async (uri) => path.join(path.dirname(rung), uri), dir, thumbAt(film), previewThumbKey);
      return storeMaster(src, dir, rungs, { audio, prefix });
    });
  } catch (e) {
    if (!(e instanceof MediaError || e instanceof RenditionCheckError)) throw e;
    log().warn({ err: e, videoId }, "the film's preview could not be made; its guests do not see it until it has one");
    await removeQuietly(film.storageKey, film.stamp);
    return "failed";
  }
  const replaced = await publishPreview(film, film.stamp, { previewKey, previewThumbKey });
  if (replaced === "gone" || replaced === "not locked") {
    await removeQuietly(film.storageKey, film.stamp);
    return "gone";
  }
  if (replaced && replaced !== film.stamp) await removeQuietly(film.storageKey, replaced);
  await invalidatePublicGallery(film.galleryId);
  return "ready";
}

/** The time of a film's thumbnail (its cue point, else the default), as its preview's thumbnail is named by it. */
const thumbAt = (film: ThumbRow) => thumbnailTime(film.cuePoint, film.durationSec ?? 0);

/** One frame of a preview's rung (its playlist's text) at `at` seconds, from the one segment that plays then (`segmentFile`: its local copy), stored at `key`. */
async function storeRungFrame(playlist: string, segmentFile: (uri: string) => Promise<string>, dir: string, at: number, key: string): Promise<void> {
  const segment = segmentAt(playlist, at);
  if (!segment || !/^[A-Za-z0-9_.-]+$/.test(segment.uri)) throw new MediaError("The preview names no segment to take its thumbnail from");
  await storeFrame(await segmentFile(segment.uri), dir, Math.max(0, at - segment.startSec), key, { decode: true });
}

/**
 * A current preview's thumbnail made again (a new cue point, or a preview made before previews had
 * thumbnails): one segment of its top rung downloaded and one frame taken from it, published only
 * while the film still names that preview; the previous thumbnail then goes.
 */
async function makePreviewThumb(film: ThumbRow & { id: string; galleryId: string; previewKey: string | null; previewThumbKey: string | null; stamp: string }): Promise<"ready" | "gone" | "failed"> {
  const prefix = previewPrefix(film.storageKey, film.stamp);
  const key = previewThumbKeyOf(film, film.stamp);
  const dir = await mkdtemp(path.join(tmpdir(), "vidfolio-preview-thumb-"));
  try {
    const top = variantsOf(await readText(film.previewKey!))
      .map((name) => ({ name, height: Number(/^(\d+)p\.m3u8$/.exec(name)?.[1] ?? 0) }))
      .sort((a, b) => b.height - a.height)[0];
    if (!top?.height) throw new MediaError("The preview names no rung to take its thumbnail from");
    const segmentFile = async (uri: string) => {
      await downloadToFile(`${prefix}${uri}`, path.join(dir, uri));
      return path.join(dir, uri);
    };
    await storeRungFrame(await readText(`${prefix}${top.name}`), segmentFile, dir, thumbAt(film), key);
  } catch (e) {
    if (!(e instanceof MediaError)) throw e;
    log().warn({ err: e, videoId: film.id }, "the preview's thumbnail could not be made; its guests see the film without a picture");
    return "failed";
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const published = await db.video.updateMany({ where: { id: film.id, storageKey: film.storageKey, status: "READY", previewStamp: film.stamp }, data: { previewThumbKey: key } });
  if (published.count === 0) {
    await deleteObject(key).catch(() => {});
    return "gone";
  }
  if (film.previewThumbKey && film.previewThumbKey !== key) await deleteObject(film.previewThumbKey).catch(() => {});
  await invalidatePublicGallery(film.galleryId);
  return "ready";
}

/**
 * A gallery no longer held back (paid): every film's preview goes, its fields cleared first (one
 * conditional update per film, on the stamp read), then its objects. Idempotent; a gallery held back
 * again by then (reopened) keeps its previews. Returns how many previews went.
 */
export async function dropPreviews(galleryId: string): Promise<number> {
  const gallery = await db.gallery.findUnique({ where: { id: galleryId }, select: PRICE_FIELDS });
  if (gallery && isPayLocked(gallery)) return 0;
  const films = await db.video.findMany({ where: { galleryId, previewStamp: { not: null } }, select: { id: true, storageKey: true, previewStamp: true } });
  let dropped = 0;
  for (const f of films) {
    const cleared = await db.video.updateMany({ where: { id: f.id, previewStamp: f.previewStamp }, data: { previewKey: null, previewStamp: null, previewAt: null, previewThumbKey: null } });
    if (cleared.count === 0) continue;
    dropped += 1;
    await removeQuietly(f.storageKey, f.previewStamp!);
  }
  if (dropped) await invalidatePublicGallery(galleryId);
  return dropped;
}
