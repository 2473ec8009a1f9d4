// POST /api/payments/local/:sessionId/pay — the local test checkout's Pay → { url }
import { studioRoute, parseWith } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/payments";
import { payLocalCheckout } from "@/lib/services/payments";

export const POST = studioRoute<{ sessionId: string }>(async ({ params, actor }) => payLocalCheckout(actor, parseWith(sessionIdSchema, params.sessionId)));
