// GET /api/webhooks → { endpoints } (never their secrets); POST { url, events } → 201 { endpoint } with its signing secret this once (409 at 10).
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { createEndpoint, listEndpoints } from "@/lib/services/platform";

export const GET = route(doors.webhooks.list, async ({ actor }) => ({ endpoints: await listEndpoints(actor) }));

export const POST = route(doors.webhooks.create, async ({ actor, body }) => json({ endpoint: await createEndpoint(actor, body) }, 201));
