// The studio's activity feed: what happened in its galleries, read/unread, live.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { ACTIVITY_KINDS } from "@/lib/services/platform/rules/activity";
import { activityLiveQuerySchema, activityQuerySchema, activityReadSchema } from "@/lib/validation/activity";

const TAG = "Activity";

const eventShape = z.object({
  id: z.string().describe("The event's place in the feed (digits): newer events have greater ids."),
  kind: z.enum(ACTIVITY_KINDS),
  galleryId: z.string(),
  galleryName: z.string(),
  filmId: z.string().nullable().describe("The film it is about, if any (it may have been deleted since)."),
  at: z.string().describe("ISO 8601 date-time."),
  who: z.string().nullable().describe("Who did it (a guest's name, a payer's e-mail); null: the system."),
  summary: z.string().describe("One line saying what happened, in the studio's words."),
  read: z.boolean(),
});
export type ActivityEventDto = z.output<typeof eventShape>;

const feedShape = z.object({
  events: z.array(eventShape),
  next: z.string().nullable().describe("The `cursor` of the next (older) page; null: no more."),
  unread: z.number().int().describe("Events not read yet, all kinds (counted up to 99; 99 means 99 or more)."),
});
export type ActivityFeedDto = z.output<typeof feedShape>;

const unreadShape = z.object({ unread: z.number().int() });

export const activity = {
  feed: door({
    method: "GET",
    path: "/api/activity",
    who: "studio",
    query: activityQuerySchema,
    answer: feedShape,
    summary: "What happened in the studio's galleries, newest first",
    description: `Comments, change requests, approvals, payments (online or marked paid by hand), refunds, downloads, first views, galleries about to expire and films that failed, 30 at a time. \`kinds\`: a comma-separated list of ${ACTIVITY_KINDS.join(", ")}; \`galleryId\`: one gallery's; \`unread=true\`: only those not read.`,
    tag: TAG,
  }),
  read: door({
    method: "POST",
    path: "/api/activity/read",
    who: "studio",
    body: activityReadSchema,
    answer: unreadShape,
    summary: "Mark the feed read up to an event",
    description: "Every event up to `upTo` (an event's id) is read; an id beyond the newest event reads up to the newest. Never unreads. Answers what is still unread.",
    tag: TAG,
    example: { upTo: "1234" },
  }),
  live: door({
    method: "GET",
    path: "/api/activity/live",
    who: "studio",
    query: activityLiveQuerySchema,
    answer: raw("text", "Server-sent events: `activity` (data: an event as the feed shows it, with its `id`), newest last.", "text/event-stream"),
    errors: ["rate_limited"],
    summary: "The studio's activity as it happens (server-sent events)",
    description:
      "Starts after `after` (the newest event's id the page has); a reconnect's `Last-Event-ID` header wins over it. Events from any app instance arrive within a second. The stream ends after five minutes (the browser reconnects) and sends a comment line every 15 s; a studio holds at most 8 streams at once (429).",
    tag: TAG,
  }),
};
