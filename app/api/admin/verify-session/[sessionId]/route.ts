// GET /api/admin/verify-session/:sessionId — verifies with the provider, applies once → { paid, metadata: { plan, credits } }
import { studioRoute, parseWith } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/payments";
import { verifySession } from "@/lib/services/payments";

export const GET = studioRoute<{ sessionId: string }>(async ({ params, actor }) =>
  verifySession(actor, parseWith(sessionIdSchema, params.sessionId)),
);
