// POST /api/payments/local/:sessionId/cancel — the local test checkout's Cancel → { url }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { sessionIdSchema } from "@/lib/validation/payments";
import { cancelLocalCheckout } from "@/lib/services/payments";

export const POST = studioRoute({ params: z.object({ sessionId: sessionIdSchema }) }, async ({ params, actor }) => cancelLocalCheckout(actor, params.sessionId));
