// GET /api/admin/impersonate/:id — super admin only → { url } (one-time, valid for a minute)
import { superadminRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { issueImpersonation } from "@/lib/services/impersonation";

export const GET = superadminRoute<{ id: string }>(async ({ params, actor }) => issueImpersonation(actor, idParam(params.id)));
