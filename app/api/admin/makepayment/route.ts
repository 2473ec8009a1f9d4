// POST /api/admin/makepayment — { mode, credits | name, … } → { url, provider }
import { studioRoute } from "@/lib/http";
import { makePaymentSchema } from "@/lib/validation/payments";
import { startCheckout } from "@/lib/services/payments";

export const POST = studioRoute({ body: makePaymentSchema }, async ({ body, actor }) => startCheckout(actor, body));
