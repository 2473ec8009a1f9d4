// POST /api/webhooks/:endpointId/test → { delivery }: a webhook.test event sent to this endpoint now, and how it went (409 while disabled).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { sendTestEvent } from "@/lib/services/platform";

export const POST = route(doors.webhooks.test, async ({ actor, params }) => ({ delivery: await sendTestEvent(actor, params.endpointId) }));
