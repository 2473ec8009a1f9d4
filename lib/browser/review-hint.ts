// Whether this browser was let into a gallery as a guest with review rights (issue 40): kept when
// the personal link is traded (lib/browser/public-gates.ts enterAsGuest), read by the theater to
// load the review panel only for such a guest. A hint, never a credential: the comment doors decide
// by the guest cookie, and the panel forgets the hint when they refuse.
export type ReviewRight = "comment" | "approve";

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

export function rememberReviewRight(galleryId: string | undefined, rights: { mayComment: boolean; mayApprove: boolean } | null): void {
  if (!galleryId) return;
  try {
    const right: ReviewRight | null = rights?.mayComment ? "comment" : rights?.mayApprove ? "approve" : null;
    if (right) window.localStorage.setItem(key(galleryId), right);
    else window.localStorage.removeItem(key(galleryId));
  } catch {
    // Storage refused (a private window's quota): no panel, nothing else changes.
  }
  for (const listener of listeners) listener();
}
