// The one gallery gate: what a viewer sees of a gallery now. Every door that shows a gallery's
// films or acts on them asks it: the cached page's props and head, the content API, the unlock
// door, views, downloads, playlists and streams. One rule, in one order:
//   missing → the studio is not active → expired → invited guests only (no valid
//   personal link of this gallery, and no password that could open it instead: uninvited without a
//   link, badLink with one that no longer works) → locked (a password without a valid unlock
//   cookie) → open
// and one HTTP mapping of its refusals (requireOpen). It takes the viewer's credentials (the unlock
// cookie; a guest's personal link, resolved from its cookie by `resolveGuest`) and the time.
// Downloads ask one more rule, `downloadGate`: paid (Paid delivery: an unpaid gallery with Pay to unlock
// hands out no original, 402), the Downloads toggle, then the download PIN (a PIN
// cookie, or a guest who may download); and, in a gallery in review, each film its own: approved
// (lib/services/review/rules/approval.ts closedByReview, read by lib/services/review/review-state.ts).
//
// A door that reads the request does not ask it directly: it opens its gallery or film through
// lib/services/access/open-gallery.ts (openGallery, openFilm), which names the gallery, reads the film and
// asks the gate; the cached page asks `pageGate` of the gallery viewer-access's findGallery found.
//
// Two forms, one rule: `galleryGate` decides for a request; `pageGate` decides what the cached page
// (rendered without reading the request, so it stays cacheable) may show: the same rule for a
// viewer without credentials, and true for the page's whole minimum life.
import "@/lib/server-only";
import { AppError, notFound } from "@/lib/errors";
import { isValidUnlock, unlockCookieName } from "@/lib/auth/gallery-unlock";
import { guestCookieName, isValidPinCookie, pinCookieName, TOKEN_PATTERN, tokenHash } from "@/lib/auth/guest-link";
import { db, type Prisma } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { isPayLocked } from "@/lib/services/money/rules/paid-delivery";

/** What the gate reads of a gallery and its studio (never sent to a browser as it is). */
export type GateSubject = {
  galleryId: string;
  studioActive: boolean;
  hasPassword: boolean;
  passwordVersion: number;
  expiresAt: Date | null;
  downloadsOn: boolean;
  hasPin: boolean;
  pinVersion: number;
  /** Review: the gallery is in review; an approved version opens its download when `unlockOnApproval`. */
  reviewMode: boolean;
  unlockOnApproval: boolean;
  /**
   * Paid delivery: the gallery is unpaid with Pay to unlock on. Its guests see only the
   * watermarked previews: no clean rendition, no original, no download (402 `payment_required`).
   */
  payLocked: boolean;
  /**
   * The gallery's audience is its invited guests (`Gallery.audience` INVITED): only
   * a valid personal link of this gallery (or its password, when one is set) opens it.
   */
  invitedOnly: boolean;
};

type CookieJar = { get(name: string): { value: string } | undefined };

/**
 * A guest let in by their personal link (a valid, unrevoked, unexpired invite of this gallery), with
 * their rights; `pinInMail`: their delivery mail's download PIN choice (null: never chosen).
 */
export type GuestGrant = { inviteId: string; galleryId: string; name: string; mayDownload: boolean; mayComment: boolean; mayApprove: boolean; pinInMail: boolean | null };

/** What a viewer presents: its cookies, and the guest its guest cookie names once resolved (resolveGuest). */
export type ViewerCredentials = { cookies: CookieJar; guest?: GuestGrant | null };

export const NO_CREDENTIALS: ViewerCredentials = { cookies: { get: () => undefined } };

/** A request's credentials (its cookies). */
export const viewerCredentials = (req: { cookies: CookieJar }): ViewerCredentials => ({ cookies: req.cookies });

/**
 * `uninvited`: a gallery for invited guests, asked without a personal link; `badLink`: asked with one
 * that no longer works (revoked, expired, another gallery's). A gallery for invited guests that has a
 * password is `locked` instead for both: its password opens it too, so its form is what they meet.
 */
type GateOutcome = "missing" | "inactive" | "expired" | "uninvited" | "badLink" | "locked" | "open";

/** The outcome, and when it changes by itself (an open or locked gallery expires; ms), or null. */
/** `guest`: the invitee the viewer is, when let in (or identified) by a personal link. */
export type GateDecision = { outcome: GateOutcome; until: number | null; guest: GuestGrant | null };

/** The gate's inputs from a gallery row read with GATE_SELECT. */
export const GATE_SELECT = {
  id: true,
  passwordHash: true,
  passwordVersion: true,
  expiresAt: true,
  settingDownload: true,
  downloadPinHash: true,
  downloadPinVersion: true,
  reviewMode: true,
  unlockOnApproval: true,
  priceAmount: true,
  priceCurrency: true,
  priceDeposit: true,
  payToUnlock: true,
  paidAt: true,
  audience: true,
  admin: { select: { status: true } },
} as const;

/** A gallery row as GATE_SELECT reads it (Prisma's own type of that select: the two cannot drift apart). */
type GateRow = Prisma.GalleryGetPayload<{ select: typeof GATE_SELECT }>;

export function gateSubject(g: GateRow): GateSubject {
  return {
    galleryId: g.id,
    studioActive: g.admin.status === "ACTIVE",
    hasPassword: g.passwordHash !== null,
    passwordVersion: g.passwordVersion,
    expiresAt: g.expiresAt,
    downloadsOn: g.settingDownload,
    hasPin: g.downloadPinHash !== null,
    pinVersion: g.downloadPinVersion,
    reviewMode: g.reviewMode,
    unlockOnApproval: g.unlockOnApproval,
    payLocked: isPayLocked(g),
    invitedOnly: g.audience === "INVITED",
  };
}

/**
 * The rule. Expired before locked: an expired gallery's password (or personal link) opens nothing.
 * A personal link of this gallery (credentials.guest, resolved by resolveGuest) opens it without the
 * password; a guest of another gallery is no guest here. A gallery for invited guests opens only to
 * that link or, when it has one, its password: without either it is `uninvited`, or `badLink` when
 * the browser holds this gallery's guest cookie but its link no longer works (resolveGuest found no
 * guest: revoked, expired, another gallery's token).
 */
export function galleryGate(subject: GateSubject | null, credentials: ViewerCredentials, now = Date.now()): GateDecision {
  if (!subject) return { outcome: "missing", until: null, guest: null };
  if (!subject.studioActive) return { outcome: "inactive", until: null, guest: null };
  const expiry = subject.expiresAt?.getTime() ?? null;
  if (expiry !== null && expiry <= now) return { outcome: "expired", until: null, guest: null };
  const guest = credentials.guest?.galleryId === subject.galleryId ? credentials.guest : null;
  const cookie = credentials.cookies.get(unlockCookieName(subject.galleryId))?.value;
  const unlocked = subject.hasPassword && isValidUnlock(cookie, subject.galleryId, subject.passwordVersion, now);
  if (subject.invitedOnly && !guest && !unlocked && !subject.hasPassword) {
    const presented = credentials.cookies.get(guestCookieName(subject.galleryId)) !== undefined;
    return { outcome: presented ? "badLink" : "uninvited", until: expiry, guest: null };
  }
  if (subject.hasPassword && !guest && !unlocked) return { outcome: "locked", until: expiry, guest: null };
  return { outcome: "open", until: expiry, guest };
}

/**
 * The guest a browser's guest cookie names for this gallery: its invite must be of this gallery,
 * not revoked and not expired (one indexed read, only when the cookie is there). Null otherwise.
 */
export async function findGuest(token: string | undefined, galleryId: string, now = Date.now()): Promise<GuestGrant | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const invite = await db.galleryInvite.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: { id: true, galleryId: true, name: true, mayDownload: true, mayComment: true, mayApprove: true, pinInMail: true, revokedAt: true, expiresAt: true },
  });
  if (!invite || invite.galleryId !== galleryId || invite.revokedAt !== null) return null;
  if (invite.expiresAt !== null && invite.expiresAt.getTime() <= now) return null;
  const { id, name, mayDownload, mayComment, mayApprove, pinInMail } = invite;
  return { inviteId: id, galleryId: invite.galleryId, name, mayDownload, mayComment, mayApprove, pinInMail };
}

/** The credentials with the guest of this gallery resolved from the browser's guest cookie. */
async function resolveGuest(credentials: ViewerCredentials, galleryId: string | null | undefined, now = Date.now()): Promise<ViewerCredentials> {
  if (!galleryId || credentials.guest?.galleryId === galleryId) return credentials;
  return { ...credentials, guest: await findGuest(credentials.cookies.get(guestCookieName(galleryId))?.value, galleryId, now) };
}

/** The gate for a request: its guest resolved, then the rule. */
export async function gateFor(subject: GateSubject | null, credentials: ViewerCredentials, now = Date.now()): Promise<GateDecision> {
  return galleryGate(subject, await resolveGuest(credentials, subject?.galleryId, now), now);
}

/**
 * Downloads, for a viewer the gate let in: the gallery's Downloads toggle must be on; with a download
 * PIN, the browser must have given it (its PIN cookie) or be a guest who may download. Refusals: 403
 * `downloads_off`, 401 `pin_required`.
 */
export function downloadGate(subject: GateSubject, decision: GateDecision, credentials: ViewerCredentials, now = Date.now()): void {
  requireOpen(decision);
  const verdict = downloadVerdict(subject, decision, credentials, now);
  if (verdict !== "ok") throw downloadRefusal(verdict);
}

/**
 * A film's own download rule in review (lib/services/review/rules/approval.ts closedByReview): a film
 * whose current version is not approved (or whose gallery does not let approval unlock it) is
 * refused with 403 `under_review`, after the gallery's download rule. Asked by the doors that hand
 * out one film's original (viewer-access openFilm, the stream door) and by Download all per film.
 */
export const reviewRefusal = (): AppError => new AppError("under_review", TEXTS.approval.underReview);

/** Paid delivery's refusal: 402 `payment_required`, for every door of clean media while the gallery is unpaid. */
export const paymentRefusal = (): AppError => new AppError("payment_required", TEXTS.viewer.paymentRequired);

/** The download rule's refusals: 402 `payment_required` (unpaid), 403 `downloads_off` (the toggle), 401 `pin_required`. */
export const downloadRefusal = (verdict: "unpaid" | "off" | "pin"): AppError =>
  verdict === "unpaid" ? paymentRefusal() : verdict === "off" ? new AppError("downloads_off", TEXTS.viewer.downloadsOff) : new AppError("pin_required", TEXTS.viewer.pinRequired);

/**
 * The download rule without its refusals, for doors that hand out the original or a copy of it for
 * another reason (the stream door, lib/services/galleries/gallery-views.ts viewerMp4Key): "ok", "unpaid" (Pay
 * to unlock, before anything else: no setting and no guest right opens an unpaid gallery's
 * originals), "off" (the toggle), "pin".
 */
export function downloadVerdict(subject: GateSubject, decision: GateDecision, credentials: ViewerCredentials, now = Date.now()): "ok" | "unpaid" | "off" | "pin" {
  if (subject.payLocked) return "unpaid";
  if (!subject.downloadsOn) return "off";
  if (!subject.hasPin || decision.guest?.mayDownload) return "ok";
  return isValidPinCookie(credentials.cookies.get(pinCookieName(subject.galleryId))?.value, subject.galleryId, subject.pinVersion, now) ? "ok" : "pin";
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
 * (nothing is said about why); expired is a 403 `gallery_expired`, a gallery for invited guests a
 * 403 `invite_required` (no personal link) or `invite_invalid` (one that no longer works), and
 * locked a 401 `gallery_locked` (credentials wanted): the codes the viewer's page switches on.
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
    case "uninvited":
      throw new AppError("invite_required", TEXTS.viewer.invitedHeading);
    case "badLink":
      throw new AppError("invite_invalid", TEXTS.viewer.inviteInvalid);
    case "locked":
      throw new AppError("gallery_locked", TEXTS.viewer.locked);
  }
}
