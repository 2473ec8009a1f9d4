// Storage keys, always built by the server (spec §3): adminId/folderId/galleryId/<name> for gallery
// media and adminId/assets/<name> for company assets.
import { randomBytes } from "node:crypto";

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
export const galleryPrefix = (adminId: string, folderId: string, galleryId: string) => `${adminId}/${folderId}/${galleryId}/`;
export const folderPrefix = (adminId: string, folderId: string) => `${adminId}/${folderId}/`;

/** True when the key is one of this studio's company assets (and has no path tricks). */
export function isOwnAsset(adminId: string, key: string): boolean {
  return key.startsWith(assetsPrefix(adminId)) && !key.includes("..") && !key.slice(assetsPrefix(adminId).length).includes("/");
}
