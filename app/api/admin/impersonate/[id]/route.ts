// GET /api/admin/impersonate/:id — super admin only → { url } (one-time, valid for a minute)
// Rate-limited per client address and per super admin (429 with Retry-After).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { issueImpersonation } from "@/lib/services/access";
import { limitAction, secretClient } from "@/lib/security/throttle";

export const GET = route(doors.accounts.impersonate, async ({ req, params, actor }) => {
  await limitAction(secretClient(req), "impersonate", actor.id);
  return issueImpersonation(actor, params.id);
});
