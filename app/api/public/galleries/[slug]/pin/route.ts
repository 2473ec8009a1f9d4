// The download PIN's door, for the public gallery's downloads:
// GET  /api/public/galleries/:slug/pin → { required, askStudio? } whether this browser must give the
//      PIN before a download (false: no PIN, a PIN cookie of the PIN's current version, or a guest who
//      may download); askStudio: a guest whose mail did not include the PIN; the gate's refusals, 403
//      downloads_off.
// POST /api/public/galleries/:slug/pin { pin: 4–8 digits } → 200 { required: false } and the PIN cookie
//      `vf_pin_<galleryId>` (httpOnly, signed, SameSite=Lax, 30 days); 200 without a cookie when the
//      gallery has no PIN; 403 wrong_pin; 400 for a malformed PIN; the gate's refusals first (404,
//      403 expired, 401 locked: a PIN never opens a locked gallery), then 403 downloads_off; 429
//      rate_limited with Retry-After when this gallery or this client tried too often.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { unlockCookieOptions } from "@/lib/auth/gallery-unlock";
import { downloadPinNeeded, giveDownloadPin, viewerCredentials } from "@/lib/services/access";
import { applyGrants, secretClient } from "@/lib/security/throttle";

export const GET = route(doors.publicGallery.pin, async ({ req, params }) => {
  const res = json(await downloadPinNeeded(params.slug, viewerCredentials(req)));
  res.headers.set("cache-control", "private, no-store");
  return res;
});

export const POST = route(doors.publicGallery.givePin, async ({ req, params, body }) => {
  const client = secretClient(req);
  const { cookie } = await giveDownloadPin(params.slug, body.pin, viewerCredentials(req), client);
  const res = json({ required: false as const });
  res.headers.set("cache-control", "private, no-store");
  if (cookie) res.cookies.set(cookie.name, cookie.value, unlockCookieOptions());
  return applyGrants(res, client);
});
