// A guest's personal link and the cookies a viewer's browser carries for a gallery beyond the
// unlock cookie:
// - the invite token: derived from AUTH_SECRET and the invite's random salt (so the studio can copy
//   or re-send the same link), 43 base64url characters; the database keeps only its SHA-256, for
//   the lookup. `…/<customurl>?k=<token>` gives it to the browser, which trades it once for the
//   guest cookie (httpOnly): every gate check then looks the invite up, so a revoked or expired
//   invite opens nothing at once.
// - the download PIN cookie: like the unlock cookie, signed over the gallery and the PIN's version.
import "@/lib/server-only";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { env, secureCookies } from "@/lib/env";
import { isValidUnlock, unlockCookieValue } from "@/lib/auth/gallery-unlock";

/** A guest cookie lives as long as the invite (or the gallery), at most this long. */
export const GUEST_COOKIE_MAX_AGE_SEC = 400 * 24 * 3600;

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new invite's salt. */
export const newInviteSalt = (): string => randomBytes(16).toString("base64url");

/** The personal link's token of an invite (its id and salt). */
export function inviteToken(inviteId: string, salt: string): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`gallery-invite:${inviteId}:${salt}`).digest("base64url");
}

/** What the database keeps of a token. */
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("base64url");

const compact = (galleryId: string) => galleryId.replace(/[^a-zA-Z0-9]/g, "");

/** The cookie holding a gallery's guest token in this browser. */
export const guestCookieName = (galleryId: string): string => `vf_guest_${compact(galleryId)}`;

export function guestCookieOptions(maxAgeSec = GUEST_COOKIE_MAX_AGE_SEC) {
  return { httpOnly: true, sameSite: "lax" as const, secure: secureCookies(), path: "/", maxAge: Math.max(1, Math.min(GUEST_COOKIE_MAX_AGE_SEC, Math.floor(maxAgeSec))) };
}

/** The cookie that says this browser gave a gallery's download PIN. */
export const pinCookieName = (galleryId: string): string => `vf_pin_${compact(galleryId)}`;

/** Signed like the unlock cookie, over another purpose (a PIN cookie never unlocks a gallery). */
export const pinCookieValue = (galleryId: string, pinVersion: number, now = Date.now()): string => unlockCookieValue(`pin:${galleryId}`, pinVersion, now);

export const isValidPinCookie = (value: string | undefined, galleryId: string, pinVersion: number, now = Date.now()): boolean => isValidUnlock(value, `pin:${galleryId}`, pinVersion, now);
