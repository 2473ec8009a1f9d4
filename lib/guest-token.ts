// A personal link's token (`?k=`, issue 21) on the viewer's page: taken out of the address before
// anything else runs. pages/_document.tsx writes GUEST_TOKEN_SCRIPT at the top of a gallery page's
// head: it keeps the token in a global and replaces the address without it, so the token is never
// kept in the history, bookmarked or shown on a shared screen, and Next's router never sees it (its
// hydration update of a page the proxy rewrites writes back the address it started with, which
// once put the token back). The page's code reads it from there (lib/browser/public-gates.ts takeGuestToken).
const GLOBAL = "__vidfolioGuestToken";

/** Runs before the page's scripts (inline: the gallery page's CSP names its hash, lib/security/headers.ts). */
export const GUEST_TOKEN_SCRIPT = `(function(){try{var u=new URL(location.href),k=u.searchParams.get("k");if(k===null)return;window.${GLOBAL}=k;u.searchParams.delete("k");history.replaceState(history.state,"",u.pathname+u.search+u.hash)}catch(e){}})();`;

type WithToken = { [GLOBAL]?: string | null };

/** The token this page was opened with (kept by the head's script, else still in the address), or null. */
export function guestTokenOfPage(): string | null {
  const kept = (window as WithToken)[GLOBAL];
  return typeof kept === "string" ? kept : new URLSearchParams(window.location.search).get("k");
}

/** The token, once: later calls answer null. The address loses it too (a page the head's script did not run on). */
export function consumeGuestToken(): string | null {
  const token = guestTokenOfPage();
  (window as WithToken)[GLOBAL] = null;
  const url = new URL(window.location.href);
  if (url.searchParams.has("k")) {
    url.searchParams.delete("k");
    const clean = url.pathname + url.search + url.hash;
    const state: unknown = window.history.state;
    window.history.replaceState(state && typeof state === "object" && "as" in state ? { ...state, as: clean } : state, "", clean);
  }
  return token;
}
