import { json, studioRoute } from "@/lib/http";
import { createEndpoint, listEndpoints } from "@/lib/services/webhooks/endpoints";
import { createWebhookSchema } from "@/lib/validation/webhooks";

// GET /api/webhooks → { endpoints } (the acting studio's webhook endpoints; never their secrets)
export const GET = studioRoute(async ({ actor }) => ({ endpoints: await listEndpoints(actor) }));

// POST /api/webhooks { url, events } → 201 { endpoint } with its signing secret (shown this once); 409 at 10 endpoints
export const POST = studioRoute({ body: createWebhookSchema }, async ({ actor, body }) => json({ endpoint: await createEndpoint(actor, body) }, 201));
