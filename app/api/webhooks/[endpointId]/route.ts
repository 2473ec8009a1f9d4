import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { deleteEndpoint, updateEndpoint } from "@/lib/services/webhooks/endpoints";
import { updateWebhookSchema } from "@/lib/validation/webhooks";

const params = z.object({ endpointId: idSchema });

// PATCH /api/webhooks/:endpointId { url?, events?, enabled? } → { endpoint }; another studio's id: 404
export const PATCH = studioRoute({ params, body: updateWebhookSchema }, async ({ actor, params, body }) => ({ endpoint: await updateEndpoint(actor, params.endpointId, body) }));

// DELETE /api/webhooks/:endpointId → { message } (the endpoint and its delivery log); another studio's id: 404
export const DELETE = studioRoute({ params }, async ({ actor, params }) => {
  await deleteEndpoint(actor, params.endpointId);
  return { message: "Deleted." };
});
