// Whether a gallery's expiry date has passed: the access checks, the page and its link preview.
// Pure (no database), so the public page's modules can read it without the access service.

export function isExpired(expiresAt: Date | null, now = Date.now()): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now;
}
