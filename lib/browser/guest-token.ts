// The personal link's token (`?k=`) as the viewer's page reads it: kept by the head's
// script (lib/services/guests/rules/guest-token.ts GUEST_TOKEN_SCRIPT), else still in the address. Browser code, in the
// gallery's first load; taking the token (lib/browser/public-gates.ts takeGuestToken) loads with
// the guest link.
import { GUEST_TOKEN_GLOBAL as GLOBAL } from "@/lib/services/guests/rules/guest-token";

export type WithToken = { [GLOBAL]?: string | null };

/** The token this page was opened with (kept by the head's script, else still in the address), or null. */
export function guestTokenOfPage(): string | null {
  const kept = (window as WithToken)[GLOBAL];
  return typeof kept === "string" ? kept : new URLSearchParams(window.location.search).get("k");
}
