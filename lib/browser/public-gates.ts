// The browser's calls to the public gallery's gates: its content for this browser, the password,
// the personal link's trade and the download PIN. Apart from lib/browser/public-client.ts because only the
// parts of the page that need them load them (the locked form, the guest link, the PIN flow, each
// its own chunk): an open gallery's first load carries none of this.
import type { GalleryContent, GalleryEntry } from "@/lib/contract/public";
import type { ErrorCode } from "@/lib/error-codes";
import type { ViewerCatalogue } from "@/lib/viewer-i18n/types";
import { guestTokenOfPage, type WithToken } from "@/lib/browser/guest-token";
import { rememberReviewRight } from "@/lib/browser/review-hint";
import { GUEST_TOKEN_GLOBAL } from "@/lib/services/guests/rules/guest-token";
import { PUBLIC_CONTENT_PATH, PUBLIC_ENTRY_PATH, PUBLIC_GUEST_PATH, PUBLIC_PAY_PATH, PUBLIC_PIN_PATH, PUBLIC_UNLOCK_PATH, publicPath } from "@/lib/contract/paths";

/**
 * Why a gate refused, by the answer's code: the page says it in the viewer's language
 * (`refusalText`, below), never the answer's English message.
 */
export type Refusal = "locked" | "expired" | "missing" | "throttled" | "invite" | "uninvited" | "wrong" | "error";
export type ContentResult = { ok: true; content: GalleryContent } | { ok: false; reason: Refusal };

const REFUSALS: Partial<Record<ErrorCode, Refusal>> = {
  gallery_locked: "locked",
  gallery_expired: "expired",
  not_found: "missing",
  rate_limited: "throttled",
  invite_invalid: "invite",
  invite_required: "uninvited",
  wrong_password: "wrong",
  wrong_pin: "wrong",
};

/** The refusal an answer's error code names ("error" for any other). */
export const refusalFor = (code: ErrorCode | undefined): Refusal => (code && REFUSALS[code]) ?? "error";

/**
 * What the viewer is told of a gate's refusal, in the page's language (components/gallery/viewer-locale.tsx):
 * `wrong` is the password or the PIN, as asked; too many tries get the same words whatever the guess
 * was. Here, with the gates' calls: only the parts that call a gate load it.
 */
export function refusalText(t: ViewerCatalogue, reason: Refusal, wrong: "password" | "pin"): string {
  if (reason === "wrong") return wrong === "pin" ? t.viewer.wrongPin : t.viewer.wrongPassword;
  if (reason === "throttled") return t.viewer.tooManyAttempts;
  if (reason === "invite") return t.viewer.inviteInvalid;
  if (reason === "uninvited") return t.viewer.invitedHeading;
  if (reason === "expired") return t.viewer.expiredHeading;
  if (reason === "locked") return t.viewer.locked;
  return t.serverError;
}

async function refusalOf(res: Response): Promise<Refusal> {
  const data = (await res.json().catch(() => ({}))) as { code?: ErrorCode };
  return refusalFor(data.code);
}

/** A JSON POST to one of the app's public doors, with this browser's cookies (they set its grants). */
function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
}

/** The personal link's trade in flight (settled: never rejects), which the PIN door's question waits for. */
let trading: Promise<void> | undefined;

const pinPath = (slugOrGalleryId: string) => publicPath(PUBLIC_PIN_PATH, { slug: slugOrGalleryId });

/**
 * Whether this browser must give the gallery's download PIN before a download (not when it gave it
 * already, or is a guest who may download), and whether to tell the guest to ask the studio for it
 * (their mail did not include it). Not required when it cannot tell: the download door then answers.
 */
export async function downloadPinRequired(slugOrGalleryId: string): Promise<{ required: boolean; askStudio: boolean }> {
  // A personal link still being traded: its answer sets the guest cookie the PIN door reads.
  await trading;
  try {
    const res = await fetch(pinPath(slugOrGalleryId), { credentials: "same-origin", cache: "no-store" });
    const body = res.ok ? ((await res.json()) as { required?: boolean; askStudio?: boolean }) : {};
    return { required: body.required === true, askStudio: body.askStudio === true };
  } catch {
    return { required: false, askStudio: false };
  }
}

/** Sends the download PIN; on success the server sets this browser's PIN cookie. */
export async function sendDownloadPin(slugOrGalleryId: string, pin: string): Promise<{ ok: true } | { ok: false; reason: Refusal }> {
  const res = await postJson(pinPath(slugOrGalleryId), { pin });
  return res.ok ? { ok: true } : { ok: false, reason: await refusalOf(res) };
}

function contentOf(data: Partial<GalleryContent> | undefined): ContentResult {
  if (data?.state && data.studio) return { ok: true, content: { state: data.state, studio: data.studio, expiresAt: data.expiresAt ?? null } };
  return { ok: false, reason: "error" };
}

async function contentFrom(res: Response): Promise<ContentResult> {
  if (!res.ok) return { ok: false, reason: await refusalOf(res) };
  return contentOf((await res.json().catch(() => ({}))) as Partial<GalleryContent>);
}

/** The films of a protected gallery, when this browser has unlocked it. */
export async function fetchGalleryContent(slug: string): Promise<ContentResult> {
  return contentFrom(await fetch(publicPath(PUBLIC_CONTENT_PATH, { slug }), { credentials: "same-origin", cache: "no-store" }));
}

/** Why the entry door keeps a gallery closed, as the gates' refusals say it. */
const CLOSED: Record<Extract<GalleryEntry, { open: false }>["closed"], Refusal> = { locked: "locked", uninvited: "uninvited", badLink: "invite", expired: "expired" };

/**
 * Whether this browser is let into a closed gallery (the entry door: its refusals are answers, so a
 * first visit logs no failed request), with the films when it is.
 */
async function entryForThisBrowser(slug: string): Promise<ContentResult> {
  const res = await fetch(publicPath(PUBLIC_ENTRY_PATH, { slug }), { credentials: "same-origin", cache: "no-store" });
  if (!res.ok) return { ok: false, reason: await refusalOf(res) };
  const entry = (await res.json().catch(() => null)) as GalleryEntry | null;
  if (entry?.open === true) return contentOf(entry.content);
  return { ok: false, reason: entry?.open === false ? (CLOSED[entry.closed] ?? "error") : "error" };
}

/**
 * What a closed page (the password form, the invited guests' notice) gets for this browser: a
 * personal link (?k=) is traded for the guest cookie at once; a refused one (`invite`: true) still
 * lets a browser that unlocked the gallery before in. Without a link, a returning guest (or a
 * browser that gave the password) gets in by its cookie.
 */
export async function contentForThisBrowser(slug: string, language: string): Promise<ContentResult & { invite?: boolean }> {
  const token = takeGuestToken();
  if (token === null) return entryForThisBrowser(slug);
  const r = await enterAsGuest(slug, token, language);
  return r.ok || r.reason !== "invite" ? r : { ...(await entryForThisBrowser(slug)), invite: true };
}

/** Sends the password; on success the server sets the unlock cookie and answers the films. */
export async function unlockGallery(slug: string, password: string): Promise<ContentResult> {
  return contentFrom(await postJson(publicPath(PUBLIC_UNLOCK_PATH, { slug }), { password }));
}

/**
 * Trades a personal link's token for this gallery's guest cookie, telling the page's language (kept
 * as the guest's, for their mails); answers the films (a refused link: reason "invite"). The guest's
 * review rights are remembered for the theater (lib/browser/review-hint.ts).
 */
export function enterAsGuest(slug: string, token: string, language: string): Promise<ContentResult> {
  const trade = tradeToken(slug, token, language);
  trading = trade.then(
    () => undefined,
    () => undefined,
  );
  return trade;
}

async function tradeToken(slug: string, token: string, language: string): Promise<ContentResult> {
  const res = await postJson(publicPath(PUBLIC_GUEST_PATH, { slug }), { token, language });
  const result = await contentFrom(res.clone());
  if (result.ok) {
    const { guest } = (await res.json().catch(() => ({}))) as { guest?: { mayComment?: boolean; mayApprove?: boolean } };
    rememberReviewRight(result.content.state.galleryId, { mayComment: guest?.mayComment === true, mayApprove: guest?.mayApprove === true });
  }
  return result;
}

/**
 * The personal link's token (`?k=`) this page was opened with, once (lib/services/guests/rules/guest-token.ts: already
 * out of the address bar), or null: later calls answer null. The address loses it too (a page the
 * head's script did not run on). Here, not in lib/browser/guest-token.ts: the guest link's chunk
 * takes it, the first load only reads it.
 */
export function takeGuestToken(): string | null {
  const token = guestTokenOfPage();
  (window as WithToken)[GUEST_TOKEN_GLOBAL] = null;
  const url = new URL(window.location.href);
  if (url.searchParams.has("k")) {
    url.searchParams.delete("k");
    const clean = url.pathname + url.search + url.hash;
    const state: unknown = window.history.state;
    window.history.replaceState(state && typeof state === "object" && "as" in state ? { ...state, as: clean } : state, "", clean);
  }
  return token;
}

/** Pay (Paid delivery): the checkout's address for this browser (its guest's e-mail prefilled), or null when it could not be had. */
export async function startPayment(slug: string, language: string): Promise<string | null> {
  const res = await postJson(publicPath(PUBLIC_PAY_PATH, { slug }), { language });
  if (!res.ok) return null;
  const data = (await res.json().catch(() => ({}))) as { url?: unknown };
  return typeof data.url === "string" && /^https?:\/\//.test(data.url) ? data.url : null;
}
