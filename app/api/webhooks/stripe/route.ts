// POST /api/webhooks/stripe — Stripe events, signature verified on the raw body.
import { publicRoute } from "@/lib/http";
import { handleStripeWebhook } from "@/lib/services/stripe-webhook";

export const POST = publicRoute(async ({ req }) => handleStripeWebhook(await req.text(), req.headers.get("stripe-signature")));
