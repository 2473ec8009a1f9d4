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

export const assetsPrefix = (adminId: string) => `${adminId}/assets/`;
export const folderPrefix = (adminId: string, folderId: string) => `${adminId}/${folderId}/`;
export const galleryPrefix = (adminId: string, folderId: string, galleryId: string) => `${adminId}/${folderId}/${galleryId}/`;

/** True when the key is one of this studio's company assets (and has no path tricks). */
export function isOwnAsset(adminId: string, key: string): boolean {
  return key.startsWith(assetsPrefix(adminId)) && !key.includes("..") && !key.slice(assetsPrefix(adminId).length).includes("/");
}

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
