// The webhook events as a receiver gets them, declared once: each emitted event's object (`data.object`,
// what its publisher passes to publishEvent: lib/services/platform/webhooks/publish.ts types it by these
// shapes, so a publisher that sends another shape does not compile), with an example; the envelope
// deliver.ts wraps it in. The OpenAPI document's `webhooks` is generated from this
// (lib/contract/openapi.ts); the list of events itself lives in lib/services/platform/rules/webhooks/events.ts.
// Pure: zod only.
import { z } from "zod";
import { dateOf } from "@/lib/contract/shapes";
import { TEXTS } from "@/lib/texts";
import { SENT_EVENTS, type WEBHOOK_EVENTS, type WebhookEventType } from "@/lib/services/platform/rules/webhooks/events";

/** The events a feature emits today (`emitted: true`). */
export type EmittedEventType = { [T in WebhookEventType]: (typeof WEBHOOK_EVENTS)[T]["emitted"] extends true ? T : never }[WebhookEventType];

const uuid = z.string().describe("A UUID");
const ids = {
  film: "0190f6d2-8f4e-7c3a-9b1d-2e5f6a7b8c9d",
  gallery: "0190f6d2-3c4d-7e5f-8a6b-7c8d9e0f1a2b",
  invite: "0190f6d3-4d5e-7f6a-9b7c-8d9e0f1a2b3c",
  viewer: "0190f6d3-5e6f-7a7b-8c8d-9e0f1a2b3c4d",
  comment: "0190f6d3-6f7a-7b8c-9d9e-0f1a2b3c4d5e",
  export: "0190f6d3-7a8b-7c9d-8e0f-1a2b3c4d5e6f",
  endpoint: "0190f6d3-8b9c-7d0e-9f1a-2b3c4d5e6f7a",
};

/** film.ready, film.failed: the film as it is when the event happens. */
const filmObject = z.object({
  id: uuid,
  title: z.string(),
  galleryId: uuid.nullable(),
  status: z.enum(["UPLOADING", "PROCESSING", "READY", "FAILED"]),
  durationSec: z.number().nullable(),
  failureCode: z.string().nullable().describe("Why it failed (film.failed): a stable code, e.g. `audio-only`; null when it plays"),
  failureReason: z.string().nullable().describe("Why it failed, for people"),
});

/** guest.watched, download.created: one viewer's one film (`id` is `<viewer id>:<film id>`). */
const viewerFilm = {
  id: z.string().describe("`<viewer id>:<film id>`"),
  viewer: z.object({ id: uuid, inviteId: uuid.nullable().describe("The guest's invite; null for a viewer without a personal link"), name: z.string().nullable(), email: z.string().nullable() }),
  film: z.object({ id: uuid, title: z.string(), galleryId: uuid.nullable(), durationSec: z.number().nullable() }),
};
const viewerFilmExample = {
  id: `${ids.viewer}:${ids.film}`,
  viewer: { id: ids.viewer, inviteId: ids.invite, name: "Anna Berg", email: "anna@example.com" },
  film: { id: ids.film, title: "First dance", galleryId: ids.gallery, durationSec: 184.2 },
};

type EventDeclaration = { object: z.ZodObject; example: Record<string, unknown> };

/** Each emitted event's object and an example of it (tests/unit/webhook-events.test.ts parses each example with its schema). */
export const WEBHOOK_OBJECTS = {
  "film.ready": {
    object: filmObject,
    example: { id: ids.film, title: "First dance", galleryId: ids.gallery, status: "READY", durationSec: 184.2, failureCode: null, failureReason: null },
  },
  "film.failed": {
    object: filmObject,
    example: { id: ids.film, title: "First dance", galleryId: ids.gallery, status: "FAILED", durationSec: null, failureCode: "audio-only", failureReason: TEXTS.videoFailure.audioOnly },
  },
  "guest.visited": {
    object: z.object({ id: uuid.describe("The invite's id"), name: z.string(), email: z.string(), gallery: z.object({ id: uuid, title: z.string() }), visitedAt: dateOf("the first visit") }),
    example: { id: ids.invite, name: "Anna Berg", email: "anna@example.com", gallery: { id: ids.gallery, title: "Anna & James" }, visitedAt: "2026-11-27T10:00:00.000Z" },
  },
  "guest.watched": {
    object: z.object({ ...viewerFilm, watchedPercent: z.number().int().min(0).max(100) }),
    example: { ...viewerFilmExample, watchedPercent: 97 },
  },
  "download.created": {
    object: z.object({ ...viewerFilm, downloads: z.number().int().min(1).describe("Downloads counted in this report (the day's first)") }),
    example: { ...viewerFilmExample, downloads: 1 },
  },
  "export.ready": {
    object: z.object({ id: uuid, fileName: z.string(), sizeBytes: z.number().int(), files: z.number().int(), expiresAt: dateOf("when the export is deleted") }),
    example: { id: ids.export, fileName: "vidfolio-export-2026-11-27.zip", sizeBytes: 734003200, files: 42, expiresAt: "2026-12-04T10:00:00.000Z" },
  },
  "comment.created": {
    object: z.object({
      id: uuid,
      film: z.object({ id: uuid, version: z.number().int() }),
      gallery: z.object({ id: uuid }),
      guest: z.object({ id: uuid.nullable().describe("The guest's invite (null once it is deleted)"), name: z.string() }),
      text: z.string(),
      time: z.number().describe("Seconds into the film"),
      endTime: z.number().nullable().describe("The end of a range, in seconds"),
      parentId: uuid.nullable().describe("The comment it replies to"),
      createdAt: dateOf("when it was written"),
    }),
    example: {
      id: ids.comment,
      film: { id: ids.film, version: 2 },
      gallery: { id: ids.gallery },
      guest: { id: ids.invite, name: "Anna Berg" },
      text: "Could the intro be shorter?",
      time: 12.5,
      endTime: null,
      parentId: null,
      createdAt: "2026-11-27T10:00:00.000Z",
    },
  },
  "film.approved": {
    object: z.object({
      id: uuid.describe("The film's id"),
      title: z.string(),
      version: z.number().int(),
      guest: z.object({ id: uuid, name: z.string() }),
      note: z.string().nullable(),
      gallery: z.object({ id: uuid }),
      approvedAt: dateOf("the approval"),
    }),
    example: { id: ids.film, title: "First dance", version: 2, guest: { id: ids.invite, name: "Anna Berg" }, note: null, gallery: { id: ids.gallery }, approvedAt: "2026-11-27T10:00:00.000Z" },
  },
  "webhook.test": {
    object: z.object({
      id: uuid.describe("The test's own id: each test is a new object"),
      endpointId: uuid.describe("The endpoint it was sent to"),
      message: z.string(),
      sentBy: z.string().describe("Who asked for it: a person's e-mail, or an API key's name"),
    }),
    example: { id: "0190f6d4-9c0d-7e1f-8a2b-3c4d5e6f7a8b", endpointId: ids.endpoint, message: TEXTS.webhooks.testMessage, sentBy: "studio@example.com" },
  },
} satisfies Record<EmittedEventType, EventDeclaration>;

/** What a publisher passes as an event's object. */
export type WebhookObject<T extends EmittedEventType> = z.input<(typeof WEBHOOK_OBJECTS)[T]["object"]>;

/** The body a receiver gets (deliver.ts `deliveryBody`): the event's id, type, time and object. */
export function webhookEnvelope<T extends EmittedEventType>(type: T) {
  return z.object({
    id: uuid.describe("The event's id (also the Vidfolio-Event-Id header): handle each once, a delivery may come again"),
    type: z.literal(type),
    created: dateOf("when the event happened"),
    data: z.object({ object: WEBHOOK_OBJECTS[type].object }),
  });
}

/** An example of the body of `type`. */
export function webhookEnvelopeExample(type: EmittedEventType) {
  return { id: "0190f6d4-8b9c-7dae-9f0a-1b2c3d4e5f6a", type, created: "2026-11-27T10:00:00.000Z", data: { object: WEBHOOK_OBJECTS[type].example } };
}

/** The emitted events, in the list's order (events.ts's SENT_EVENTS, typed). */
export const EMITTED_EVENTS = SENT_EVENTS as readonly EmittedEventType[];
