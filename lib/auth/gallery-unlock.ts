// The cookie that unlocks a password-protected gallery for one browser. It is signed (HMAC-SHA256
// with AUTH_SECRET) over the gallery id, the password version and the time it was issued, so it
// cannot be forged, works for that gallery only, and stops working when the password changes.
import "@/lib/server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env, secureCookies } from "@/lib/env";

const UNLOCK_MAX_AGE_SEC = 30 * 24 * 3600;

export function unlockCookieName(galleryId: string): string {
  return `vf_unlock_${galleryId.replace(/[^a-zA-Z0-9]/g, "")}`;
}

function mac(galleryId: string, version: number, issuedAt: number): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`gallery-unlock:${galleryId}:${version}:${issuedAt}`).digest("base64url");
}

export function unlockCookieValue(galleryId: string, version: number, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt}.${mac(galleryId, version, issuedAt)}`;
}

/** True when the cookie value was issued by us for this gallery's current password, and is not too old. */
export function isValidUnlock(value: string | undefined, galleryId: string, version: number, now = Date.now()): boolean {
  const m = value?.match(/^(\d{1,12})\.([A-Za-z0-9_-]{43})$/);
  if (!m) return false;
  const issuedAt = Number(m[1]);
  if (issuedAt * 1000 > now + 60_000 || now - issuedAt * 1000 > UNLOCK_MAX_AGE_SEC * 1000) return false;
  const expected = Buffer.from(mac(galleryId, version, issuedAt));
  const given = Buffer.from(m[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Cookie attributes: httpOnly, SameSite=Lax, Secure on https, for the whole site (the API calls too). */
export function unlockCookieOptions() {
  return { httpOnly: true, sameSite: "lax" as const, secure: secureCookies(), path: "/", maxAge: UNLOCK_MAX_AGE_SEC };
}
