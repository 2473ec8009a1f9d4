// A studio's integrations: its API keys and its webhook endpoints. Keys are for a person signed in:
// a key never manages keys (scope `none`: 403 `scope`), so a leaked key cannot make itself a
// successor. Webhook endpoints are managed by a person, or by a key the studio gave the `webhooks`
// scope (an automation platform subscribing and unsubscribing its own hooks); every change is audited.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { date, messageAnswer } from "@/lib/contract/shapes";
import { API_SCOPES } from "@/lib/services/platform/rules/api-scopes";
import { apiKeyPathSchema, createApiKeySchema } from "@/lib/validation/api-keys";
import { createWebhookSchema, deliveriesQuerySchema, listenQuerySchema, updateWebhookSchema } from "@/lib/validation/webhooks";
import { idSchema } from "@/lib/validation/common";
import { WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/services/platform/rules/webhooks/events";

const KEYS = "API keys";
const WEBHOOKS = "Webhooks";

const apiKeyShape = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("vf_key_ and 8 characters: enough to tell keys apart, nothing to sign in with"),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: date,
  lastUsedAt: date.nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: date.nullable(),
});
/** A studio's API key as the account shows it (lib/services/platform/api-keys.ts builds it): never the secret or its hash. */
export type ApiKeyView = z.output<typeof apiKeyShape>;

/** The answer of `POST /api/keys`: the key's view and the whole key, shown this once. */
const newApiKeyShape = apiKeyShape.extend({ key: z.string().describe("The whole key, shown this once: send it as Authorization: Bearer <key>") });
export type NewApiKey = z.output<typeof newApiKeyShape>;

const eventType = z.enum(Object.keys(WEBHOOK_EVENTS) as [WebhookEventType, ...WebhookEventType[]]);
const endpointShape = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(eventType),
  enabled: z.boolean(),
  failingSince: date.nullable().describe("The first failure since the last delivery (null: not failing)"),
  disabledAt: date.nullable().describe("Disabled after 3 days of failures (null: enabled, or disabled by the studio)"),
  createdAt: date,
});
export type WebhookEndpointView = z.output<typeof endpointShape>;

/** POST /api/webhooks's answer: the endpoint and its signing secret, shown this once. */
const createdEndpointShape = endpointShape.extend({ secret: z.string().describe("The signing secret, shown this once") });
export type CreatedWebhookEndpoint = z.output<typeof createdEndpointShape>;

const deliveryShape = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.string().meta({ examples: ["film.ready"] }),
  objectId: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: date.nullable().describe("Pending: when the next attempt is due."),
  lastStatus: z.number().int().nullable().describe("The last attempt's answer's HTTP status (null: no answer)."),
  lastError: z.string().nullable().describe("Why the last attempt failed."),
  latencyMs: z.number().nullable(),
  responseExcerpt: z.string().nullable().describe("What the last attempt's answer said (at most 500 characters)."),
  lastAttemptAt: date.nullable(),
  deliveredAt: date.nullable(),
  createdAt: date,
});
export type WebhookDeliveryView = z.output<typeof deliveryShape>;

const attemptShape = z.object({
  number: z.number().int().describe("1 for the first attempt"),
  sentAt: date,
  request: z.object({
    url: z.string().describe("Where it was sent"),
    headers: z.record(z.string(), z.string()).describe("The headers Vidfolio set: Content-Type, Vidfolio-Signature (null signature: not sent) and Vidfolio-Event-Id"),
  }),
  status: z.number().int().nullable().describe("The answer's HTTP status (null: no answer)"),
  error: z.string().nullable().describe("Why the attempt failed (null: delivered)"),
  latencyMs: z.number().int(),
  responseExcerpt: z.string().nullable().describe("The answer's first bytes (at most 500 characters)"),
});

/** GET /api/webhooks/:endpointId/deliveries/:deliveryId: the delivery, the body every attempt sent, and each attempt. */
const deliveryDetailShape = z.object({
  delivery: deliveryShape,
  body: z
    .string()
    .describe("The JSON body every attempt sent, as sent")
    .meta({
      examples: [
        '{"id":"0190f6d4-8b9c-7dae-9f0a-1b2c3d4e5f6a","type":"film.ready","created":"2026-11-27T10:00:00.000Z","data":{"object":{"id":"0190f6d2-8f4e-7c3a-9b1d-2e5f6a7b8c9d","title":"First dance"}}}',
      ],
    }),
  attempts: z.array(attemptShape).describe("Oldest first"),
});
export type WebhookDeliveryDetail = z.output<typeof deliveryDetailShape>;

const deliveryPageShape = z.object({ deliveries: z.array(deliveryShape), nextCursor: z.string().nullable() });
export type WebhookDeliveryPage = z.output<typeof deliveryPageShape>;
const endpointPath = z.object({ endpointId: idSchema });
const deliveryPath = z.object({ endpointId: idSchema, deliveryId: idSchema });

export const apiKeys = {
  list: door({
    method: "GET",
    path: "/api/keys",
    who: "studio",
    scope: "none",
    answer: z.object({ keys: z.array(apiKeyShape) }),
    summary: "The studio's API keys (never a secret), newest first",
    tag: KEYS,
  }),
  create: door({
    method: "POST",
    path: "/api/keys",
    who: "studio",
    scope: "none",
    body: createApiKeySchema,
    status: 201,
    answer: z.object({ key: newApiKeyShape }),
    errors: ["conflict"],
    summary: "Create an API key (the whole key is in this answer only)",
    tag: KEYS,
    example: { name: "Render queue", scopes: ["uploads", "read"] },
  }),
  revoke: door({
    method: "DELETE",
    path: "/api/keys/:keyId",
    who: "studio",
    scope: "none",
    params: apiKeyPathSchema,
    answer: z.object({ key: apiKeyShape }),
    summary: "Revoke an API key at once",
    tag: KEYS,
  }),
};

export const webhooks = {
  list: door({
    method: "GET",
    path: "/api/webhooks",
    who: "studio",
    scope: "webhooks",
    answer: z.object({ endpoints: z.array(endpointShape) }),
    summary: "The studio's webhook endpoints (never their secrets)",
    tag: WEBHOOKS,
  }),
  create: door({
    method: "POST",
    path: "/api/webhooks",
    who: "studio",
    scope: "webhooks",
    body: createWebhookSchema,
    status: 201,
    answer: z.object({ endpoint: createdEndpointShape }),
    errors: ["conflict"],
    summary: "Add a webhook endpoint (its signing secret is in this answer only)",
    tag: WEBHOOKS,
    example: { url: "https://crm.example.com/vidfolio", events: ["guest.watched", "film.ready"] },
  }),
  update: door({
    method: "PATCH",
    path: "/api/webhooks/:endpointId",
    who: "studio",
    scope: "webhooks",
    params: endpointPath,
    body: updateWebhookSchema,
    answer: z.object({ endpoint: endpointShape }),
    summary: "Change an endpoint's address, events, or enable/disable it",
    tag: WEBHOOKS,
  }),
  remove: door({
    method: "DELETE",
    path: "/api/webhooks/:endpointId",
    who: "studio",
    scope: "webhooks",
    params: endpointPath,
    answer: messageAnswer,
    summary: "Delete an endpoint and its delivery log",
    tag: WEBHOOKS,
  }),
  deliveries: door({
    method: "GET",
    path: "/api/webhooks/:endpointId/deliveries",
    who: "studio",
    scope: "webhooks",
    params: endpointPath,
    query: deliveriesQuerySchema,
    answer: deliveryPageShape,
    summary: "An endpoint's delivery log, newest first, a page at a time",
    tag: WEBHOOKS,
  }),
  replay: door({
    method: "POST",
    path: "/api/webhooks/:endpointId/deliveries/:deliveryId/replay",
    who: "studio",
    scope: "webhooks",
    params: deliveryPath,
    status: 202,
    answer: z.object({ delivery: deliveryShape }),
    errors: ["conflict"],
    summary: "Send a delivery again now (409 while the endpoint is disabled)",
    tag: WEBHOOKS,
  }),
  delivery: door({
    method: "GET",
    path: "/api/webhooks/:endpointId/deliveries/:deliveryId",
    who: "studio",
    scope: "webhooks",
    params: deliveryPath,
    answer: deliveryDetailShape,
    summary: "One delivery: the body sent and each attempt's request and answer",
    tag: WEBHOOKS,
  }),
  test: door({
    method: "POST",
    path: "/api/webhooks/:endpointId/test",
    who: "studio",
    scope: "webhooks",
    params: endpointPath,
    answer: z.object({ delivery: deliveryShape }),
    errors: ["conflict"],
    summary: "Send the endpoint a test event now, and answer how it went",
    description:
      "Sends a `webhook.test` event, signed as every delivery, to this endpoint only (whatever events it asks for), and waits for the answer (at most 10 s). The delivery is in the endpoint's log; a failed test is not retried and does not count towards disabling the endpoint. 409 while the endpoint is disabled.",
    tag: WEBHOOKS,
  }),
  listen: door({
    method: "GET",
    path: "/api/webhooks/listen",
    who: "studio",
    scope: "webhooks",
    query: listenQuerySchema,
    answer: raw(
      "text",
      "Server-sent events: `delivery` (data: `{ id, type, body, headers }`: the event's id and type, the JSON body as an endpoint receives it, and the headers to send with it, `Vidfolio-Signature` signed with the listener's secret). The answer's `Vidfolio-Listen-Secret` header carries that secret.",
      "text/event-stream",
    ),
    errors: ["rate_limited"],
    summary: "Receive the studio's events as they happen, for a local forwarder (server-sent events)",
    description:
      "What `npm run webhooks:listen -- --forward-to <url>` holds open: while a stream is open (and for 90 s after, so a reconnect misses nothing), every event the listener asks for (`events`, comma-separated; default every event an endpoint may ask for) is streamed, signed as a delivery would be with the listener's own secret (one per key or person; the `Vidfolio-Listen-Secret` header). A reconnect's `Last-Event-ID` resumes after the last event received. The stream ends after five minutes (reconnect), or at once when the key is revoked. At most 8 streams per studio (429).",
    tag: WEBHOOKS,
  }),
};
