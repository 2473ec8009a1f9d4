// GET /api/admin/impersonate/:id — super admin only → { url } (one-time, valid for a minute)
// Rate-limited per client IP and per super admin (429 with Retry-After).
import { superadminRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { issueImpersonation } from "@/lib/services/impersonation";
import { clientIp } from "@/lib/security/client-ip";
import { enforceRateLimit, rateKeys } from "@/lib/security/rate-limit";

export const GET = superadminRoute<{ id: string }>(async ({ req, params, actor }) => {
  const id = idParam(params.id);
  await enforceRateLimit(rateKeys("impersonate", clientIp(req.headers), actor.id));
  return issueImpersonation(actor, id);
});
