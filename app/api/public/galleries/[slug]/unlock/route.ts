// POST /api/public/galleries/:slug/unlock (public) { password } → { state, studio, expiresAt } and
// the gallery's unlock cookie (httpOnly, signed, SameSite=Lax); 403 { code: "wrong_password", message }
// for a wrong password; the gallery gate's refusal when it is missing (404) or expired (403); 429
// { code: "rate_limited", message } with Retry-After when this gallery or this client tried too often.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { unlockCookieOptions } from "@/lib/auth/gallery-unlock";
import { unlockGallery } from "@/lib/services/access";
import { applyGrants, secretClient } from "@/lib/security/throttle";

export const POST = route(doors.publicGallery.unlock, async ({ req, params, body }) => {
  const client = secretClient(req);
  const { content, cookie } = await unlockGallery(params.slug, body.password, client);
  const res = json(content);
  res.headers.set("cache-control", "private, no-store");
  res.cookies.set(cookie.name, cookie.value, unlockCookieOptions());
  return applyGrants(res, client);
});
