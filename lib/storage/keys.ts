// Storage keys, always built by the server (spec §3): adminId/folderId/galleryId/<name> for gallery
// media and adminId/assets/<name> for company assets, from ids the database gave us.
import { randomBytes } from "node:crypto";
import { ID_PATTERN as ID } from "@/lib/ids";

/** Spec §5: keep only letters, digits, underscore and dot (audio: spaces become underscores first). */
export function sanitizeFileName(name: string, { audio = false } = {}): string {
  const base = (audio ? name.replace(/ /g, "_") : name).replace(/[^A-Za-z0-9_.]/g, "").replace(/^\.+/, "");
  return (base || "file").slice(-120);
}

/** A name that cannot overwrite an earlier upload. */
export function uniqueName(name: string, opts?: { audio?: boolean }): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString("hex")}_${sanitizeFileName(name, opts)}`;
}

export const studioPrefix = (adminId: string) => `${adminId}/`;
export const assetsPrefix = (adminId: string) => `${adminId}/assets/`;
export const folderPrefix = (adminId: string, folderId: string) => `${adminId}/${folderId}/`;
export const galleryPrefix = (adminId: string, folderId: string, galleryId: string) => `${adminId}/${folderId}/${galleryId}/`;

/** The prefix a key sits in (everything up to its last "/"): a gallery file's gallery prefix. */
export const prefixOf = (key: string) => key.slice(0, key.lastIndexOf("/") + 1);

/**
 * The one check of a key a client names: inside `prefix` (one the server built, above) with no path
 * tricks; `direct`: right in it, not in a folder below.
 */
export function isKeyUnder(prefix: string, key: string, { direct = false } = {}): boolean {
  if (!key.startsWith(prefix) || key.includes("..")) return false;
  return !direct || !key.slice(prefix.length).includes("/");
}

/** True when the key is one of this studio's company assets. */
export const isOwnAsset = (adminId: string, key: string) => isKeyUnder(assetsPrefix(adminId), key, { direct: true });

const DELETABLE = new RegExp(`^${ID}/${ID}/(${ID}/)?$`);
const STUDIO = new RegExp(`^${ID}$`);
const GALLERY_FILE = new RegExp(`^${ID}/${ID}/${ID}/[A-Za-z0-9_.]+$`);

/** Only a folder's or a gallery's prefix may be deleted wholesale, never a studio or the bucket. */
export function isDeletablePrefix(prefix: string): boolean {
  return DELETABLE.test(prefix);
}

/** A studio id, whose whole space goes only when the studio itself is deleted. */
export function isStudioId(id: string): boolean {
  return STUDIO.test(id);
}

/** A gallery media file's key (whose derived files live under `<key>.derived/`). */
export function isGalleryFileKey(key: string): boolean {
  return GALLERY_FILE.test(key) && !key.includes("..");
}

/** Where a video's derived files (thumbnail, renditions) live. */
export const derivedPrefix = (storageKey: string) => `${storageKey}.derived/`;
