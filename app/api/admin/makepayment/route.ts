// POST /api/admin/makepayment — { mode, credits | name, … } → { url, provider }
import { studioRoute, parseJson } from "@/lib/http";
import { makePaymentSchema } from "@/lib/validation/payments";
import { startCheckout } from "@/lib/services/payments";

export const POST = studioRoute(async ({ req, actor }) => startCheckout(actor, await parseJson(req, makePaymentSchema)));
