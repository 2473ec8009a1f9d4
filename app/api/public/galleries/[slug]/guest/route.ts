// POST /api/public/galleries/:slug/guest (public) { token, language? (the page's; kept as the guest's browser language) } → { state, studio, expiresAt, guest: { name } }
// and the gallery's guest cookie (httpOnly, SameSite=Lax, as long as the invite or the gallery lasts):
// the personal link's `k` traded for the cookie. 403 { code: "invite_invalid" } for a revoked or
// expired invite or another gallery's (and this gallery's guest cookie cleared); the gallery gate's
// refusals first (404 missing, 403 gallery_expired); 429 rate_limited with Retry-After when this
// client's address tried too often (never per gallery: a guest is not refused for others' tries).
import { errorResponse, json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { AppError } from "@/lib/errors";
import { guestCookieOptions } from "@/lib/auth/guest-link";
import { enterAsGuest, studioSessionsOf } from "@/lib/services/guests";
import { applyGrants, secretClient } from "@/lib/security/throttle";
import { TEXTS } from "@/lib/texts";

export const POST = route(doors.publicGallery.guest, async ({ req, params, body }) => {
  const client = secretClient(req);
  const entry = await enterAsGuest(params.slug, body.token, client, Date.now(), await studioSessionsOf(req), body.language ?? null);
  const res = entry.ok ? json({ ...entry.content, guest: entry.guest }) : errorResponse(new AppError("invite_invalid", TEXTS.viewer.inviteInvalid));
  res.headers.set("cache-control", "private, no-store");
  if (entry.ok) res.cookies.set(entry.cookie.name, entry.cookie.value, guestCookieOptions(entry.cookie.maxAgeSec));
  else res.cookies.set(entry.cookieName, "", { ...guestCookieOptions(), maxAge: 0 });
  return applyGrants(res, client);
});
