// POST /api/payments/local/:sessionId/cancel — the local test checkout's Cancel → { url }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { cancelLocalCheckout } from "@/lib/services/money";

export const POST = route(doors.payments.localCancel, async ({ params, actor }) => cancelLocalCheckout(actor, params.sessionId));
