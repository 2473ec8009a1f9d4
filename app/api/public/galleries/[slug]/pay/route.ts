// POST /api/public/galleries/:slug/pay (public) { language? } → { url }: the checkout of what the gallery leaves
// due, on the studio's own account, after the gallery gate (lib/services/money/gallery-payments.ts). 429
// with Retry-After past RATE_LIMIT_PER_MINUTE from one client.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { viewerCredentials } from "@/lib/services/access";
import { startGalleryCheckout } from "@/lib/services/money";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { clientAddress } from "@/lib/security/client-ip";

export const POST = route(doors.delivery.pay, async ({ req, params, body }) => {
  await enforceRateLimit([`pay:${clientAddress(req.headers)}`]);
  return startGalleryCheckout(params.slug, viewerCredentials(req), req.headers.get("host"), body.language ?? null);
});
