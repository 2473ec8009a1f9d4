// A studio's webhook endpoints and deliveries as the API shows them (issue 38.4): built by
// lib/services/webhooks/, shown by Account → Webhooks.
import type { WebhookEventType } from "@/lib/webhooks/events";

export type WebhookEndpointView = {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** The first failure since the last delivery (null: not failing). */
  failingSince: string | null;
  /** Disabled after 3 days of failures (null: enabled, or disabled by the studio). */
  disabledAt: string | null;
  createdAt: string;
};

/** POST /api/webhooks's answer: the endpoint and its signing secret, shown this once. */
export type CreatedWebhookEndpoint = WebhookEndpointView & { secret: string };

export type WebhookDeliveryView = {
  id: string;
  eventId: string;
  type: string;
  objectId: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  /** Pending: when the next attempt is due. */
  nextAttemptAt: string | null;
  /** The last attempt: the answer's HTTP status (null: no answer), why it failed, its time, what it said (≤ 500 characters). */
  lastStatus: number | null;
  lastError: string | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
};

export type WebhookDeliveryPage = { deliveries: WebhookDeliveryView[]; nextCursor: string | null };
