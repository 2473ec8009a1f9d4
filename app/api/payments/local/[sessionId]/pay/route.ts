// POST /api/payments/local/:sessionId/pay — the local test checkout's Pay → { url }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { payLocalCheckout } from "@/lib/services/money";

export const POST = route(doors.payments.localPay, async ({ params, actor }) => payLocalCheckout(actor, params.sessionId));
