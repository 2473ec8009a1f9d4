// GET /api/webhooks/:endpointId/deliveries?limit=&cursor= → { deliveries, nextCursor } (newest first)
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { listDeliveries } from "@/lib/services/platform";

export const GET = route(doors.webhooks.deliveries, async ({ actor, params, query }) => listDeliveries(actor, params.endpointId, query));
