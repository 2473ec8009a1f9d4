// POST /api/public/galleries/:slug/unlock (public) { password } → { state, studio, expiresAt } and
// the gallery's unlock cookie (httpOnly, signed, SameSite=Lax); 403 { code: "wrong_password", message }
// for a wrong password; the gallery gate's refusal when it is missing (404) or expired (403); 429
// { code: "rate_limited", message } with Retry-After when this gallery or this client tried too often.
import { z } from "zod";
import { publicRoute, json } from "@/lib/http";
import { unlockCookieOptions } from "@/lib/auth/gallery-unlock";
import { unlockGallery } from "@/lib/services/gallery-access";
import { unlockSchema } from "@/lib/validation/public";
import { applyGrants, secretClient } from "@/lib/security/throttle";

export const POST = publicRoute({ params: z.object({ slug: z.string() }), body: unlockSchema }, async ({ req, params, body }) => {
  const client = secretClient(req);
  const { content, cookie } = await unlockGallery(params.slug, body.password, client);
  const res = json(content);
  res.headers.set("cache-control", "private, no-store");
  res.cookies.set(cookie.name, cookie.value, unlockCookieOptions());
  return applyGrants(res, client);
});
