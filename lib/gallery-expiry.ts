// Whether a gallery's expiry date has passed (pure: the page, its metadata and the access checks).

export function isExpired(expiresAt: Date | null, now = Date.now()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now;
}
