// A gallery's access settings (the studio's side): an optional password (Argon2id hash, plus a
// version raised at every change so unlock cookies of an earlier password stop working) and an
// optional expiry date; and the viewer's unlock door. What a viewer may see is decided by the
// gallery gate (lib/services/gallery-gate.ts).
import "server-only";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { invalidatePublicGallery } from "@/lib/services/public-cache";
import { galleryContent, gallerySubject, loadPublicGallery } from "@/lib/services/public-gallery";
import { galleryGate, NO_CREDENTIALS, requireOpen } from "@/lib/services/gallery-gate";
import { TEXTS } from "@/lib/texts";
import { guardSecret, refused, type SecretClient } from "@/lib/security/throttle";
import type { Actor } from "@/lib/auth/actor";
import type { GalleryAccessInput } from "@/lib/validation/public";
import type { GalleryContent } from "@/lib/public-client";

export type AccessDto = { hasPassword: boolean; expiresAt: string | null };
const dto = (g: { passwordHash: string | null; expiresAt: Date | null }): AccessDto => ({ hasPassword: g.passwordHash !== null, expiresAt: g.expiresAt?.toISOString() ?? null });

export async function getGalleryAccess(actor: Actor, galleryId: string): Promise<AccessDto> {
  const g = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: { passwordHash: true, expiresAt: true } });
  if (!g) throw notFound();
  return dto(g);
}

export async function updateGalleryAccess(actor: Actor, galleryId: string, input: GalleryAccessInput): Promise<AccessDto> {
  const data: { passwordHash?: string | null; passwordVersion?: { increment: number }; expiresAt?: Date | null } = {};
  if (input.password !== undefined) {
    data.passwordHash = input.password === null ? null : await hashPassword(input.password);
    data.passwordVersion = { increment: 1 };
  }
  if (input.expiresAt !== undefined) data.expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  const { count } = await db.gallery.updateMany({ where: { id: galleryId, adminId: actor.id }, data });
  if (count === 0) throw notFound();
  await invalidatePublicGallery(galleryId);
  return getGalleryAccess(actor, galleryId);
}

/**
 * Checks a viewer's password, through the secrets throttle (per gallery and per client address;
 * 429 with the viewer's text when limited). Right: the gallery (to show at once) and the cookie that keeps it
 * unlocked in this browser. Wrong: a 403 with a clear message. The gate first: missing (404) and
 * expired (403) are refused whatever the password; a gallery without a password opens as it is.
 */
export async function unlockGallery(slug: string, password: string, client: SecretClient): Promise<{ content: GalleryContent; cookie: { name: string; value: string } }> {
  const gallery = await loadPublicGallery(slug);
  const decision = galleryGate(gallerySubject(gallery), NO_CREDENTIALS);
  if (decision.outcome !== "locked") requireOpen(decision);
  const g = gallery!;
  const hash = g.passwordHash;
  if (hash) {
    await guardSecret(client, { kind: "gallery", account: g.id }, async () =>
      (await verifyPassword(hash, password)) ? { ok: true, value: undefined } : refused(new AppError("wrong_password", TEXTS.viewer.wrongPassword)),
    );
  }
  return {
    content: { ...galleryContent(g, "viewer"), expiresAt: g.expiresAt?.toISOString() ?? null },
    cookie: { name: unlockCookieName(g.id), value: unlockCookieValue(g.id, g.passwordVersion) },
  };
}
