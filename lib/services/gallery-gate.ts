// The one gallery gate: what a viewer sees of a gallery now. Every door that shows a gallery's
// films or acts on them asks it: the cached page's props and head, the content API, the unlock
// door, views, downloads, playlists and streams. One rule, in one order:
//   missing → the studio is not active → expired → locked (a password without a valid unlock
//   cookie) → open
// and one HTTP mapping of its refusals (requireOpen). It takes the viewer's credentials (the unlock
// cookie today; a guest invite or a download PIN can join them, issue 21) and the time.
//
// Two forms, one rule: `galleryGate` decides for a request; `pageGate` decides what the cached page
// (rendered without reading the request, so it stays cacheable) may show: the same rule for a
// viewer without credentials, and true for the page's whole minimum life.
import "@/lib/server-only";
import { AppError, notFound } from "@/lib/errors";
import { isValidUnlock, unlockCookieName } from "@/lib/auth/gallery-unlock";
import { TEXTS } from "@/lib/texts";

/** What the gate reads of a gallery and its studio (never sent to a browser as it is). */
export type GateSubject = { galleryId: string; studioActive: boolean; hasPassword: boolean; passwordVersion: number; expiresAt: Date | null };

type CookieJar = { get(name: string): { value: string } | undefined };

/** What a viewer presents. */
export type ViewerCredentials = { cookies: CookieJar };

export const NO_CREDENTIALS: ViewerCredentials = { cookies: { get: () => undefined } };

/** A request's credentials (its cookies). */
export const viewerCredentials = (req: { cookies: CookieJar }): ViewerCredentials => ({ cookies: req.cookies });

export type GateOutcome = "missing" | "inactive" | "expired" | "locked" | "open";

/** The outcome, and when it changes by itself (an open or locked gallery expires; ms), or null. */
export type GateDecision = { outcome: GateOutcome; until: number | null };

/** The gate's inputs from a gallery row read with GATE_SELECT. */
export const GATE_SELECT = { id: true, passwordHash: true, passwordVersion: true, expiresAt: true, admin: { select: { status: true } } } as const;

export function gateSubject(g: { id: string; passwordHash: string | null; passwordVersion: number; expiresAt: Date | null; admin: { status: string } }): GateSubject {
  return { galleryId: g.id, studioActive: g.admin.status === "ACTIVE", hasPassword: g.passwordHash !== null, passwordVersion: g.passwordVersion, expiresAt: g.expiresAt };
}

/** The rule. Expired before locked: an expired gallery's password opens nothing. */
export function galleryGate(subject: GateSubject | null, credentials: ViewerCredentials, now = Date.now()): GateDecision {
  if (!subject) return { outcome: "missing", until: null };
  if (!subject.studioActive) return { outcome: "inactive", until: null };
  const expiry = subject.expiresAt?.getTime() ?? null;
  if (expiry !== null && expiry <= now) return { outcome: "expired", until: null };
  const cookie = credentials.cookies.get(unlockCookieName(subject.galleryId))?.value;
  if (subject.hasPassword && !isValidUnlock(cookie, subject.galleryId, subject.passwordVersion, now)) return { outcome: "locked", until: expiry };
  return { outcome: "open", until: expiry };
}

/**
 * The shortest time a cached page stays right once rendered: its cache lifetime is whole seconds of
 * at least one, and Next.js writes the page a moment after reading its props.
 */
export const PAGE_MIN_LIFE_MS = 2000;

/**
 * What the cached page may show: the rule for a viewer without credentials (a password-protected
 * gallery shows its form; the browser then asks the content API with its cookie), decided for the
 * page's whole minimum life, so a gallery about to expire already shows the expired note.
 */
export function pageGate(subject: GateSubject | null, now = Date.now()): GateDecision {
  return galleryGate(subject, NO_CREDENTIALS, now + PAGE_MIN_LIFE_MS);
}

/**
 * The one HTTP mapping of the gate's refusals: missing and a studio that is not active are a 404
 * (nothing is said about why); expired is a 403 `gallery_expired` and locked a 401 `gallery_locked`
 * (credentials wanted): the codes the viewer's page switches on.
 */
export function requireOpen(decision: GateDecision): void {
  switch (decision.outcome) {
    case "open":
      return;
    case "missing":
    case "inactive":
      throw notFound();
    case "expired":
      throw new AppError("gallery_expired", TEXTS.viewer.expiredHeading);
    case "locked":
      throw new AppError("gallery_locked", TEXTS.viewer.locked);
  }
}
