// A Stripe event delivered to our webhook door as Stripe sends it: the body signed with the
// endpoint's secret by the real SDK's own test signer.
import Stripe from "stripe";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { call, request } from "./requests";

const sdk = new Stripe("sk_test_dummy");

export function sendStripeWebhook(event: object, secret: string): Promise<Response> {
  const payload = JSON.stringify(event);
  const header = sdk.webhooks.generateTestHeaderString({ payload, secret });
  return call(webhook, request("POST", "/api/webhooks/stripe", { rawBody: payload, headers: { "stripe-signature": header, "content-type": "application/json" } }));
}
