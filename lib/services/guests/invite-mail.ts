// The delivery mail of a guest's personal link and the public doors it points at:
// - the open pixel, GET /api/public/invites/open/{inviteId}?s=<sig>: always a 1×1 GIF, never
//   cached; with a right signature it records the invite's first opening (openedAt, once);
// - the mail's images, GET /api/public/invites/media/{inviteId}?a=logo|background&s=<sig>: a
//   redirect to a freshly signed address of the studio's logo or the gallery's background image.
//   A mail is read days or months after it is sent, and signed media addresses live an hour at
//   most (lib/storage/urls.ts), so the mail names this door, which signs anew at every read. It
//   answers while the invite exists and is not revoked; anything else is a 404.
// The signatures are HMAC-SHA256 over the invite's id with AUTH_SECRET (one purpose each): only this
// app makes them, so nobody can mark an invite opened or read a gallery's images by guessing ids.
import "@/lib/server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { isId } from "@/lib/ids";
import { mediaUrl } from "@/lib/storage/urls";
import { deliveryMail, type PinNote } from "@/lib/mail/emails/delivery";
import type { MailContent } from "@/lib/mail/render";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

type Purpose = "open" | "logo" | "background";

const mac = (purpose: Purpose, inviteId: string) => createHmac("sha256", env().AUTH_SECRET).update(`invite-${purpose}:${inviteId}`).digest("base64url");

/** Whether `sig` is this app's signature of the invite for that purpose. */
function validInviteSignature(purpose: Purpose, inviteId: string, sig: string | undefined): boolean {
  if (!sig || !isId(inviteId)) return false;
  const expected = Buffer.from(mac(purpose, inviteId.toLowerCase()));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const appBase = () => env().APP_URL.replace(/\/+$/, "");

/** The open pixel's address for an invite. */
export const pixelUrl = (inviteId: string) => `${appBase()}/api/public/invites/open/${inviteId}?s=${mac("open", inviteId)}`;

/** A mail image's address for an invite: the studio's logo, or the gallery's background image. */
export const mailImageUrl = (inviteId: string, asset: "logo" | "background") => `${appBase()}/api/public/invites/media/${inviteId}?a=${asset}&s=${mac(asset, inviteId)}`;

/** Whether a referrer is a page of this app (its origin, or the request's own): the studio's preview, not a mail program. */
export function fromThisApp(referer: string | null, requestUrl: string): boolean {
  if (!referer) return false;
  try {
    const origin = new URL(referer).origin;
    return origin === new URL(requestUrl).origin || origin === new URL(appBase()).origin;
  } catch {
    return false;
  }
}

/** A 1×1 transparent GIF. */
export const PIXEL_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The pixel's effect: the invite's first opening, once; an unknown id or a wrong signature does
 * nothing, nor does a page of this app asking (`fromApp`: the studio's preview of the mail, whose
 * HTML is the mail's own, pixel included, names a page of the app as its referrer).
 */
export async function recordOpened(inviteId: string, sig: string | undefined, now = new Date(), fromApp = false): Promise<void> {
  if (fromApp || !validInviteSignature("open", inviteId, sig)) return;
  await db.galleryInvite.updateMany({ where: { id: inviteId.toLowerCase(), openedAt: null }, data: { openedAt: now } });
}

/** Where a mail image is now (a signed address), or null when the invite or the image is not there (or revoked). */
export async function mailImage(inviteId: string, asset: "logo" | "background" | undefined, sig: string | undefined): Promise<string | null> {
  if (!asset || !validInviteSignature(asset, inviteId, sig)) return null;
  const invite = await db.galleryInvite.findUnique({
    where: { id: inviteId.toLowerCase() },
    select: { revokedAt: true, gallery: { select: { bgImageUrl: true, admin: { select: { companyLogoUrl: true } } } } },
  });
  if (!invite || invite.revokedAt) return null;
  return mediaUrl(asset === "logo" ? invite.gallery.admin.companyLogoUrl : invite.gallery.bgImageUrl);
}

/** A stored image's address for a mail: an absolute address as it is, a stored key through the media door. */
function imageFor(key: string | null, inviteId: string, asset: "logo" | "background"): string | null {
  if (!key) return null;
  return /^https?:\/\//i.test(key) ? key : mailImageUrl(inviteId, asset);
}

export type DeliveryInput = {
  invite: { id: string; name: string; email: string; expiresAt: Date | null };
  gallery: { title: string; bgImageUrl: string | null; expiresAt: Date | null };
  studio: { name: string; logoKey: string | null };
  link: string;
  language: ViewerLanguage;
  subject: string | null;
  message: string | null;
  pin: PinNote;
};

/** The earlier of two optional moments. */
export const earliest = (a: Date | null, b: Date | null): Date | null => (a && b ? (a < b ? a : b) : (a ?? b));

/** One guest's delivery mail: the one renderer of both the preview and the send, so the two are the same mail. */
export function renderDelivery(input: DeliveryInput): Promise<MailContent> {
  const { invite, gallery, studio, link } = input;
  return deliveryMail({
    studio: { name: studio.name, logoUrl: imageFor(studio.logoKey, invite.id, "logo") },
    guestName: invite.name,
    galleryTitle: gallery.title,
    heroUrl: imageFor(gallery.bgImageUrl, invite.id, "background"),
    link,
    expiresAt: earliest(invite.expiresAt, gallery.expiresAt),
    pixelUrl: pixelUrl(invite.id),
    language: input.language,
    subject: input.subject,
    message: input.message,
    pin: input.pin,
  });
}
