import { z } from "zod";
import { json, studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { replayDelivery } from "@/lib/services/webhooks/endpoints";

// POST /api/webhooks/:endpointId/deliveries/:deliveryId/replay → 202 { delivery } (a new attempt now); 409 while the endpoint is disabled
export const POST = studioRoute({ params: z.object({ endpointId: idSchema, deliveryId: idSchema }) }, async ({ actor, params }) =>
  json({ delivery: await replayDelivery(actor, params.endpointId, params.deliveryId) }, 202),
);
