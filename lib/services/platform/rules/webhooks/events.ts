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
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

/** The events an endpoint may ask for today. */
export const OFFERED_EVENTS = (Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]).filter((t) => WEBHOOK_EVENTS[t].emitted);

/** At most this many endpoints per studio. */
export const MAX_ENDPOINTS = 10;
