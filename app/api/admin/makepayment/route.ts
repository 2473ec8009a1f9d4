// POST /api/admin/makepayment — { mode, credits | name, … } → { url, provider }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { startCheckout } from "@/lib/services/money";

export const POST = route(doors.payments.checkout, async ({ body, actor }) => startCheckout(actor, body));
