// When a gallery's review digest goes to its studio. Pure: the digest job
// (lib/services/review/review-mail.ts) asks it of each gallery with activity waiting.
//
// One mail per review session, at most one per gallery per DIGEST_EVERY_MS: a guest's burst of
// comments is told once they have been quiet for QUIET_MS, or once the first of them has waited
// DIGEST_EVERY_MS (a session that goes on is told every 15 minutes, never more often).

const DIGEST_EVERY_MS = 15 * 60_000;
const QUIET_MS = 5 * 60_000;

export type DigestClock = { pendingSince: Date | null; lastActivityAt: Date | null; digestAt: Date | null };

export function digestDue(g: DigestClock, now: number): boolean {
  if (!g.pendingSince) return false;
  if (g.digestAt && now - g.digestAt.getTime() < DIGEST_EVERY_MS) return false;
  const last = (g.lastActivityAt ?? g.pendingSince).getTime();
  return now - last >= QUIET_MS || now - g.pendingSince.getTime() >= DIGEST_EVERY_MS;
}
