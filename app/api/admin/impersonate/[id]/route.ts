// GET /api/admin/impersonate/:id — super admin only → { url } (one-time, valid for a minute)
// Rate-limited per client address and per super admin (429 with Retry-After).
import { z } from "zod";
import { superadminRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { issueImpersonation } from "@/lib/services/impersonation";
import { limitAction, secretClient } from "@/lib/security/throttle";

export const GET = superadminRoute({ params: z.object({ id: idSchema }) }, async ({ req, params, actor }) => {
  await limitAction(secretClient(req), "impersonate", actor.id);
  return issueImpersonation(actor, params.id);
});
