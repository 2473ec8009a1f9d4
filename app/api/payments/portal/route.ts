// POST /api/payments/portal — a subscriber's billing page → { url }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { billingPortal } from "@/lib/services/money";

export const POST = route(doors.payments.portal, async ({ actor }) => billingPortal(actor));
