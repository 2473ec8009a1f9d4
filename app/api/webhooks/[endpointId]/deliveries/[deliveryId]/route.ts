// GET /api/webhooks/:endpointId/deliveries/:deliveryId → { delivery, body, attempts }: what was sent and each attempt's answer.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deliveryDetail } from "@/lib/services/platform";

export const GET = route(doors.webhooks.delivery, async ({ actor, params }) => deliveryDetail(actor, params.endpointId, params.deliveryId));
