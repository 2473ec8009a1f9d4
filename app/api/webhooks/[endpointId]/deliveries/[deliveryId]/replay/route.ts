// POST /api/webhooks/:endpointId/deliveries/:deliveryId/replay → 202 { delivery } (a new attempt now); 409 while the endpoint is disabled
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { replayDelivery } from "@/lib/services/platform";

export const POST = route(doors.webhooks.replay, async ({ actor, params }) => json({ delivery: await replayDelivery(actor, params.endpointId, params.deliveryId) }, 202));
