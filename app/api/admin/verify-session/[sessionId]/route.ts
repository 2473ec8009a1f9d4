// GET /api/admin/verify-session/:sessionId — verifies with the provider, applies once → { paid, metadata: { plan, credits } }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { verifySession } from "@/lib/services/money";

export const GET = route(doors.payments.verify, async ({ params, actor }) => verifySession(actor, params.sessionId));
