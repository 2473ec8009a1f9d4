// A gallery's access settings (the studio's side): an optional password (Argon2id hash, plus a
// version raised at every change so unlock cookies of an earlier password stop working), an
// optional download PIN (the same: hash and version; it guards downloads only) and an optional
// expiry date; and the viewer's doors: unlock, and the download PIN. What a viewer may see and
// download is decided by the gallery gate (lib/services/access/gate.ts), asked where every viewer's
// door opens a gallery (lib/services/access/open-gallery.ts).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { unlockCookieName, unlockCookieValue } from "@/lib/auth/gallery-unlock";
import { invalidatePublicGallery, galleryContent } from "@/lib/services/public";
import { downloadGate, NO_CREDENTIALS, type ViewerCredentials } from "@/lib/services/access/gate";
import { openGallery } from "@/lib/services/access/open-gallery";
import { pinCookieName, pinCookieValue } from "@/lib/auth/guest-link";
import { sealDownloadPin } from "@/lib/services/access/download-pin-seal";
import { TEXTS } from "@/lib/texts";
import { guardSecret, refused, type SecretClient } from "@/lib/security/throttle";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { GalleryAccessInput, GalleryAudienceValue } from "@/lib/validation/public";
import type { GalleryAudience } from "@/generated/prisma/client";
import type { GalleryContent } from "@/lib/contract/public";

/** What the studio reads back: whether a password and a download PIN are set (never the PIN itself), the expiry, who may open it. */
export type AccessDto = { hasPassword: boolean; hasDownloadPin: boolean; expiresAt: string | null; audience: GalleryAudienceValue };
const dto = (g: { passwordHash: string | null; downloadPinHash: string | null; expiresAt: Date | null; audience: GalleryAudience }): AccessDto => ({
  hasPassword: g.passwordHash !== null,
  hasDownloadPin: g.downloadPinHash !== null,
  expiresAt: g.expiresAt?.toISOString() ?? null,
  audience: AUDIENCE_VALUE[g.audience],
});

/** The API's audience for the stored one, and back. */
const AUDIENCE_VALUE: Record<GalleryAudience, GalleryAudienceValue> = { LINK: "link", INVITED: "invited" };
const AUDIENCE_STORED: Record<GalleryAudienceValue, GalleryAudience> = { link: "LINK", invited: "INVITED" };

export async function getGalleryAccess(actor: Actor, galleryId: string): Promise<AccessDto> {
  const g = await db.gallery.findFirst({ where: { id: galleryId, adminId: actor.id }, select: { passwordHash: true, downloadPinHash: true, expiresAt: true, audience: true } });
  if (!g) throw notFound();
  return dto(g);
}

export async function updateGalleryAccess(actor: Actor, galleryId: string, input: GalleryAccessInput): Promise<AccessDto> {
  const data: {
    passwordHash?: string | null;
    passwordVersion?: { increment: number };
    downloadPinHash?: string | null;
    downloadPinVersion?: { increment: number };
    downloadPinSealed?: string | null;
    expiresAt?: Date | null;
    audience?: GalleryAudience;
  } = {};
  if (input.password !== undefined) {
    data.passwordHash = input.password === null ? null : await hashPassword(input.password);
    data.passwordVersion = { increment: 1 };
  }
  // Every change of the PIN (a new one, or none) raises its version: PIN cookies given before stop working.
  if (input.downloadPin !== undefined) {
    data.downloadPinHash = input.downloadPin === null ? null : await hashPassword(input.downloadPin);
    data.downloadPinVersion = { increment: 1 };
    // Sealed too, so a delivery mail can include it when the studio chooses (docs/architecture.md).
    data.downloadPinSealed = input.downloadPin === null ? null : sealDownloadPin(galleryId, input.downloadPin);
  }
  if (input.expiresAt !== undefined) data.expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
  // The audience: the page's cached shell changes with it, expired below like every access change.
  if (input.audience !== undefined) data.audience = AUDIENCE_STORED[input.audience];
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
  const { gallery: g } = await openGallery(slug, NO_CREDENTIALS, { unlocking: "password" });
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

/**
 * Checks a viewer's download PIN, through the secrets throttle (kind "pin", per gallery and per
 * client address; 429 with the viewer's text when limited). The gate first, with this browser's
 * credentials: missing (404), expired (403) and locked (401) are refused whatever the PIN (a PIN
 * never opens a locked gallery); then downloads off (403). A gallery without a PIN answers at once,
 * without a cookie. Right: the cookie that lets this browser download (signed over the gallery and
 * the PIN's version). Wrong: 403 `wrong_pin`.
 */
export async function giveDownloadPin(slug: string, pin: string, credentials: ViewerCredentials, client: SecretClient): Promise<{ cookie: { name: string; value: string } | null }> {
  const { gallery: g, subject } = await openGallery(slug, credentials);
  if (!subject.downloadsOn) throw new AppError("downloads_off", TEXTS.viewer.downloadsOff);
  const hash = g.downloadPinHash;
  if (!hash) return { cookie: null };
  await guardSecret(client, { kind: "pin", account: g.id }, async () =>
    (await verifyPassword(hash, pin)) ? { ok: true, value: undefined } : refused(new AppError("wrong_pin", TEXTS.viewer.wrongPin)),
  );
  return { cookie: { name: pinCookieName(g.id), value: pinCookieValue(g.id, g.downloadPinVersion) } };
}

/**
 * Whether this browser must give the download PIN before a download (the page asks before it
 * starts one, so a download never ends on an error): the download rule of the gate, without
 * making a link. The gate's and the toggle's refusals as the download door answers them. When it
 * must, `askStudio` says the PIN did not come with a guest's mail (the studio chose "ask me", or
 * chose nothing), so the dialog tells the guest to ask the studio rather than to look in the mail.
 */
export async function downloadPinNeeded(slug: string, credentials: ViewerCredentials): Promise<{ required: boolean; askStudio?: true }> {
  const { subject, decision } = await openGallery(slug, credentials);
  try {
    downloadGate(subject, decision, credentials);
    return { required: false };
  } catch (e) {
    if (e instanceof AppError && e.code === "pin_required") return decision.guest && decision.guest.pinInMail !== true ? { required: true, askStudio: true } : { required: true };
    throw e;
  }
}
