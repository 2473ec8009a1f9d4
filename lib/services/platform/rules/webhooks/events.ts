// The events a studio's webhook endpoints may ask for, in one place: the doors' schema,
// the account page's checkboxes and docs/api.md read this list. An event named for a feature that
// does not exist yet is listed with `emitted: false`: not offered until the feature emits it.
export const WEBHOOK_EVENTS = {
  "film.ready": { emitted: true, about: "A film finished processing and plays." },
  "film.failed": { emitted: true, about: "A film could not be processed." },
  "guest.visited": { emitted: true, about: "A guest opened their personal link for the first time." },
  "guest.watched": { emitted: true, about: "A viewer watched 90 % of a film (once per viewer and film)." },
  "download.created": { emitted: true, about: "A viewer downloaded a film (once per viewer, film and day)." },
  "export.ready": { emitted: true, about: "The studio's export is ready to download." },
  "comment.created": { emitted: true, about: "A client commented on a film, or replied (review)." },
  "film.approved": { emitted: true, about: "A client approved a version of a film (review)." },
  "payment.received": { emitted: false, about: "A client paid for a delivery (with paid delivery)." },
  // Sent to the one endpoint asked ("Send test event", POST /api/webhooks/:endpointId/test), never subscribed to.
  "webhook.test": { emitted: true, about: 'A test event, sent by "Send test event" to the one endpoint asked (never subscribed to).' },
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

/** "Send test event": one attempt to the one endpoint asked, never retried, never subscribed to. */
export const TEST_EVENT = "webhook.test" satisfies WebhookEventType;

/** The events sent today: those an endpoint may ask for, and the test event. */
export const SENT_EVENTS = (Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]).filter((t) => WEBHOOK_EVENTS[t].emitted);

/** The events an endpoint (or a local forwarder) may ask for today. */
export const OFFERED_EVENTS = SENT_EVENTS.filter((t) => t !== TEST_EVENT);

/** At most this many endpoints per studio. */
export const MAX_ENDPOINTS = 10;
