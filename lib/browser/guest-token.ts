// The personal link's token (`?k=`, issue 21) as the viewer's page reads it: kept by the head's
// script (lib/guest-token.ts GUEST_TOKEN_SCRIPT), else still in the address. Browser code.
import { GUEST_TOKEN_GLOBAL as GLOBAL } from "@/lib/guest-token";

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
