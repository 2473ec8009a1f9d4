// A personal link's token (`?k=`) on the viewer's page: taken out of the address before
// anything else runs. pages/_document.tsx writes GUEST_TOKEN_SCRIPT at the top of a gallery page's
// head: it keeps the token in a global and replaces the address without it, so the token is never
// kept in the history, bookmarked or shown on a shared screen, and Next's router never sees it (its
// hydration update of a page the proxy rewrites writes back the address it started with, which
// once put the token back). The page's code reads it from there (lib/browser/guest-token.ts). Pure:
// the script is text here, run by the browser.
/** Where the head's script keeps the token (lib/browser/guest-token.ts reads it). */
export const GUEST_TOKEN_GLOBAL = "__vidfolioGuestToken";

/** Runs before the page's scripts (inline: the gallery page's CSP names its hash, lib/security/headers.ts). */
export const GUEST_TOKEN_SCRIPT = `(function(){try{var u=new URL(location.href),k=u.searchParams.get("k");if(k===null)return;window.${GUEST_TOKEN_GLOBAL}=k;u.searchParams.delete("k");history.replaceState(history.state,"",u.pathname+u.search+u.hash)}catch(e){}})();`;
