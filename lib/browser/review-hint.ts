// Whether this browser was let into a gallery as a guest with review rights: kept when
// the personal link is traded (lib/browser/public-gates.ts enterAsGuest), read by the theater to
// load the review panel only for such a guest. A hint, never a credential: the comment doors decide
// by the guest cookie, and the panel forgets the right when they refuse. A guest without rights is
// marked "guest": rights the studio grants later are found when a film opens (refreshReviewRight),
// without the link being opened again; no other viewer asks.
export type ReviewRight = "comment" | "approve";
type Mark = ReviewRight | "guest";

const key = (galleryId: string) => `vidfolio:review:${galleryId}`;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: a film opened while the link's trade is still on its way shows the panel once it lands. */
export function subscribeReviewRight(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reviewRightOf(galleryId: string | undefined): ReviewRight | null {
  if (!galleryId) return null;
  try {
    const v = window.localStorage.getItem(key(galleryId));
    return v === "comment" || v === "approve" ? v : null;
  } catch {
    return null;
  }
}

/** A guest of this gallery (by its personal link) with no review right known: the theater asks when a film opens. */
export function isPlainGuest(galleryId: string | undefined): boolean {
  if (!galleryId) return false;
  try {
    return window.localStorage.getItem(key(galleryId)) === "guest";
  } catch {
    return false;
  }
}

/** The guest's rights as the link's trade or a door answered them (null: refused, so none now; still a guest). */
export function rememberReviewRight(galleryId: string | undefined, rights: { mayComment: boolean; mayApprove: boolean } | null): void {
  if (!galleryId) return;
  try {
    const mark: Mark = rights?.mayComment ? "comment" : rights?.mayApprove ? "approve" : "guest";
    if (window.localStorage.getItem(key(galleryId)) === mark) return;
    window.localStorage.setItem(key(galleryId), mark);
  } catch {
    // Storage refused (a private window's quota): no panel, nothing else changes.
  }
  for (const listener of listeners) listener();
}

/**
 * For a plain guest (isPlainGuest) opening a film: asks the approval door, which answers a guest who
 * may comment or approve (403 anyone else), and remembers what it says: the panel appears when the
 * studio granted a right since. `url`: the door's address for this film and gallery.
 */
export async function refreshReviewRight(galleryId: string, url: string): Promise<void> {
  try {
    const res = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!res.ok) return;
    const got = (await res.json()) as { mayComment?: unknown; mayApprove?: unknown };
    rememberReviewRight(galleryId, { mayComment: got.mayComment === true, mayApprove: got.mayApprove === true });
  } catch {
    // Offline or refused: the mark stays, and the next film asks again.
  }
}
