// POST /api/payments/local/subscriptions/:id/cancel — the local billing page's Cancel subscription
import { studioRoute } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { cancelLocalSubscription } from "@/lib/services/payments";

export const POST = studioRoute<{ id: string }>(async ({ params, actor }) => cancelLocalSubscription(actor, idParam(params.id)));
