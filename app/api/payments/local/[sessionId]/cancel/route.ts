// POST /api/payments/local/:sessionId/cancel — the local test checkout's Cancel → { url }
import { studioRoute, parseWith } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/payments";
import { cancelLocalCheckout } from "@/lib/services/payments";

export const POST = studioRoute<{ sessionId: string }>(async ({ params, actor }) => cancelLocalCheckout(actor, parseWith(sessionIdSchema, params.sessionId)));
