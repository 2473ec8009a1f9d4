// GET /api/admin/verify-session/:sessionId — verifies with the provider, applies once → { paid, metadata: { plan, credits } }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/payments";
import { verifySession } from "@/lib/services/payments";

export const GET = studioRoute({ params: z.object({ sessionId: sessionIdSchema }) }, async ({ params, actor }) => verifySession(actor, params.sessionId));
