// POST /api/payments/local/subscriptions/:id/cancel — the local billing page's Cancel subscription
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { cancelLocalSubscription } from "@/lib/services/money";

export const POST = route(doors.payments.localCancelSubscription, async ({ params, actor }) => cancelLocalSubscription(actor, params.id));
