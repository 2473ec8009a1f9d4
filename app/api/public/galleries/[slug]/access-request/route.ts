// POST /api/public/galleries/:slug/access-request (public) { name, email, message? } → 202 { received: true }:
// "Ask for access" on an expired gallery's page mails its studio (lib/services/access/access-request.ts).
// The same answer whatever the gallery (none, open, expired); 429 rate_limited with Retry-After past
// the hourly allowances per client address and gallery, and per gallery.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { requestAccess } from "@/lib/services/access";
import { clientAddress } from "@/lib/security/client-ip";

export const POST = route(doors.publicGallery.accessRequest, async ({ req, params, body }) => {
  await requestAccess(params.slug, body, clientAddress(req.headers));
  return { received: true as const };
});
