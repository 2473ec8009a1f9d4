// POST /api/payments/portal — a subscriber's billing page → { url }
import { studioRoute } from "@/lib/http";
import { billingPortal } from "@/lib/services/payments";

export const POST = studioRoute(async ({ actor }) => billingPortal(actor));
