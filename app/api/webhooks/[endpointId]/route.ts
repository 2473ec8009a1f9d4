// PATCH /api/webhooks/:endpointId { url?, events?, enabled? } → { endpoint }; DELETE → { message }. Another studio's id: 404.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { TEXTS } from "@/lib/texts";
import { deleteEndpoint, updateEndpoint } from "@/lib/services/platform";

export const PATCH = route(doors.webhooks.update, async ({ actor, params, body }) => ({ endpoint: await updateEndpoint(actor, params.endpointId, body) }));

export const DELETE = route(doors.webhooks.remove, async ({ actor, params }) => {
  await deleteEndpoint(actor, params.endpointId);
  return { message: TEXTS.webhooks.endpointDeleted };
});
