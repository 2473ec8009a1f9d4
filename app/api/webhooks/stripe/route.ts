// POST /api/webhooks/stripe — Stripe events, signature verified on the raw body.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { handleStripeWebhook } from "@/lib/services/money";

export const POST = route(doors.payments.stripeWebhook, async ({ req }) => handleStripeWebhook(await req.text(), req.headers.get("stripe-signature")));
