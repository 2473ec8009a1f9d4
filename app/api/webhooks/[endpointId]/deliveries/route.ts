import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { listDeliveries } from "@/lib/services/webhooks/endpoints";
import { deliveriesQuerySchema } from "@/lib/validation/webhooks";

// GET /api/webhooks/:endpointId/deliveries?limit=&cursor= → { deliveries, nextCursor } (newest first)
export const GET = studioRoute({ params: z.object({ endpointId: idSchema }), query: deliveriesQuerySchema }, async ({ actor, params, query }) => listDeliveries(actor, params.endpointId, query));
