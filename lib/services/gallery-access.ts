// Who may see a gallery: an optional password (Argon2id hash, plus a version raised at every change
// so unlock cookies of an earlier password stop working) and an optional expiry date.
import "server-only";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { isValidUnlock, unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { invalidatePublicGallery } from "@/lib/services/public-cache";
import { loadPublicGallery, type PublicGallery } from "@/lib/services/public-gallery";
import { idParam } from "@/lib/validation/common";
import { isExpired } from "@/lib/services/gallery-expiry";
import { TEXTS } from "@/lib/texts";
import { guardSecret, refused, type SecretClient } from "@/lib/security/throttle";
import type { Actor } from "@/lib/auth/actor";
import type { GalleryAccessInput } from "@/lib/validation/public";

export type ViewerAccess = "open" | "locked" | "expired";
export type AccessDto = { hasPassword: boolean; expiresAt: string | null };

type Gate = { galleryId: string; hasPassword: boolean; passwordVersion: number; expiresAt: Date | null };
type Cookies = { get(name: string): { value: string } | undefined };

/** What a viewer with these cookies gets: expired first, then locked without a valid unlock cookie. */
export function viewerAccess(gate: Gate, cookies: Cookies, now = Date.now()): ViewerAccess {
  if (isExpired(gate.expiresAt, now)) return "expired";
  if (gate.hasPassword && !isValidUnlock(cookies.get(unlockCookieName(gate.galleryId))?.value, gate.galleryId, gate.passwordVersion, now)) return "locked";
  return "open";
}

/** Throws the viewer-facing refusal for a gallery that is not open to this viewer. */
export function requireOpen(gate: Gate, cookies: Cookies): void {
  const access = viewerAccess(gate, cookies);
  if (access === "expired") throw new AppError("FORBIDDEN", TEXTS.viewer.expiredHeading);
  if (access === "locked") throw new AppError("FORBIDDEN", TEXTS.viewer.locked);
}

const dto = (g: { passwordHash: string | null; expiresAt: Date | null }): AccessDto => ({ hasPassword: g.passwordHash !== null, expiresAt: g.expiresAt?.toISOString() ?? null });

export async function getGalleryAccess(actor: Actor, galleryId: string): Promise<AccessDto> {
  const g = await db.gallery.findFirst({ where: { id: idParam(galleryId), adminId: actor.id }, select: { passwordHash: true, expiresAt: true } });
  if (!g) throw notFound();
  return dto(g);
}

export async function updateGalleryAccess(actor: Actor, galleryId: string, input: GalleryAccessInput): Promise<AccessDto> {
  const id = idParam(galleryId);
  const data: { passwordHash?: string | null; passwordVersion?: { increment: number }; expiresAt?: Date | null } = {};
  if (input.password !== undefined) {
    data.passwordHash = input.password === null ? null : await hashPassword(input.password);
    data.passwordVersion = { increment: 1 };
  }
  if (input.expiresAt !== undefined) data.expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  const { count } = await db.gallery.updateMany({ where: { id, adminId: actor.id }, data });
  if (count === 0) throw notFound();
  await invalidatePublicGallery(id);
  return getGalleryAccess(actor, id);
}

/**
 * Checks a viewer's password, through the secrets throttle (per gallery and per client address;
 * 429 with the viewer's text when limited). Right: the gallery (to show at once) and the cookie
 * that keeps it unlocked in this browser. Wrong: a 403 with a clear message. Unknown or expired: 404 / 403.
 */
export async function unlockGallery(slug: string, password: string, client: SecretClient): Promise<{ gallery: PublicGallery; cookie: { name: string; value: string } }> {
  const gallery = await loadPublicGallery(slug);
  if (!gallery) throw notFound();
  const { access } = gallery;
  if (isExpired(access.expiresAt)) throw new AppError("FORBIDDEN", TEXTS.viewer.expiredHeading);
  const row = await db.gallery.findUnique({ where: { id: access.galleryId }, select: { passwordHash: true, passwordVersion: true } });
  if (!row?.passwordHash) return { gallery, cookie: { name: unlockCookieName(access.galleryId), value: unlockCookieValue(access.galleryId, access.passwordVersion) } };
  const hash = row.passwordHash;
  await guardSecret(client, { kind: "gallery", account: access.galleryId }, async () =>
    (await verifyPassword(hash, password)) ? { ok: true, value: undefined } : refused(new AppError("FORBIDDEN", TEXTS.viewer.wrongPassword)),
  );
  return { gallery, cookie: { name: unlockCookieName(access.galleryId), value: unlockCookieValue(access.galleryId, row.passwordVersion) } };
}
