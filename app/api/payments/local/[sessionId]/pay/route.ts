// POST /api/payments/local/:sessionId/pay — the local test checkout's Pay → { url }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/payments";
import { payLocalCheckout } from "@/lib/services/payments";

export const POST = studioRoute({ params: z.object({ sessionId: sessionIdSchema }) }, async ({ params, actor }) => payLocalCheckout(actor, params.sessionId));
