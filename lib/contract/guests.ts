// A gallery's guests (personal links, delivery mails) and its insights.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { date, nullableDate } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { addInvitesSchema, inviteLanguageSchema, invitesSettingsSchema, inviteUpdateSchema, sendAllOptionsSchema, sendOptionsSchema } from "@/lib/validation/invites";
import { insightsQuerySchema } from "@/lib/validation/insights";

const GUESTS = "Guests";
const INSIGHTS = "Insights";
const idPath = z.object({ id: idSchema });
const invitePath = z.object({ id: idSchema, inviteId: idSchema });
const guestRef = z.object({ id: z.string(), email: z.string() });

/** A gallery's guest as the studio's API shows it (lib/services/guests/invites.ts builds it). */
const inviteShape = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mayDownload: z.boolean(),
  mayComment: z.boolean().describe("Review rights: comment on the films."),
  mayApprove: z.boolean().describe("Review rights: approve a version or ask for changes."),
  expiresAt: nullableDate,
  revoked: z.boolean(),
  revokedAt: nullableDate,
  expired: z.boolean().describe("The link's own expiry has passed."),
  status: z.enum(["not_sent", "sent", "opened", "visited"]).describe("How far the delivery went: never sent, sent, the mail opened (its pixel), the gallery visited by the link."),
  sentAt: nullableDate,
  openedAt: nullableDate,
  visitedAt: nullableDate,
  lastVisitedAt: nullableDate,
  createdAt: date,
  link: z.string().nullable().describe("The personal link; null once revoked (it opens nothing)."),
  language: inviteLanguageSchema.nullable().describe("The guest's language as the studio set it (when added, or by PATCH), or null: not set."),
  mailLanguage: inviteLanguageSchema.describe(
    "The language the guest's mails and checkout are in now: `language`, else the one their browser last used on the gallery, else the gallery's viewer language (English when it follows each browser).",
  ),
  pinInMail: z.boolean().nullable().describe("The last send's download PIN choice: in the mail, or ask the studio; null, never chosen."),
  scheduledFor: nullableDate.describe("When a scheduled delivery mail goes, or null."),
});
export type InviteDto = z.output<typeof inviteShape>;
export type InviteStatus = InviteDto["status"];

const invitesShape = z.object({
  invites: z.array(inviteShape),
  remindersEnabled: z.boolean(),
  galleryExpiresAt: nullableDate,
  downloadPin: z.enum(["none", "mailable", "unreadable"]).describe("The gallery's download PIN for mails: none set, set and mailable, or set before PINs were sealed (set it again to mail it)."),
});
export type InvitesDto = z.output<typeof invitesShape>;
export type DownloadPinForMail = InvitesDto["downloadPin"];

/** A delivery mail as the guest will get it (the preview door). */
const mailPreviewShape = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  language: inviteLanguageSchema.describe("The language it is in: the body's, else the guest's (see the invite's `mailLanguage`)."),
});
export type MailPreviewDto = z.output<typeof mailPreviewShape>;

/** One line of an add: the guest added, updated or refused (and why). */
const addResultShape = z.object({
  line: z.number(),
  email: z.string().nullable(),
  outcome: z.enum(["added", "updated", "refused"]),
  reason: z.string().optional(),
  inviteId: z.string().optional(),
  newLink: z.boolean().optional(),
});
export type AddResult = z.output<typeof addResultShape>;

const sendAllShape = invitesShape.extend({
  sent: z.array(guestRef),
  failed: z.array(guestRef),
  skipped: z.array(guestRef.extend({ reason: z.enum(["revoked", "expired", "limited"]) })).describe("`limited`: the guest's or the studio's hourly allowance of delivery mails was used up."),
  scheduled: z.array(guestRef).describe("Scheduled instead of sent (a send with `sendAt`)."),
});
export type SendAllResult = z.output<typeof sendAllShape>;

const filmInsight = z.object({
  id: z.string(),
  title: z.string(),
  durationSec: z.number().nullable().describe("Seconds; null while unknown (the film is still processing)."),
  heat: z.array(z.number()).describe("Seconds played in each of the film's equal parts (heat buckets), over all viewers (re-watching adds); empty when never played."),
  playSeconds: z.number().describe("Total time played, re-watching included (seconds)."),
  viewers: z.number().describe("Unique viewers who played it."),
  downloads: z.number(),
});
export type FilmInsight = z.output<typeof filmInsight>;
const viewerInsight = z.object({
  id: z.string(),
  name: z.string().describe("The invitee's name, or \"Guest n\" (n by first sight among the gallery's anonymous viewers)."),
  invited: z.boolean(),
  firstSeenAt: date,
  lastSeenAt: date,
  visits: z.number(),
  downloads: z.number(),
  films: z
    .array(z.object({ videoId: z.string(), percent: z.number(), watchedSeconds: z.number(), playSeconds: z.number(), downloads: z.number() }))
    .describe("What this viewer did with each film (the films they never touched are absent)."),
  beforePayment: z.boolean().describe("Paid delivery: they first came while the gallery's price was unpaid (they watched the watermarked previews)."),
});
export type ViewerInsight = z.output<typeof viewerInsight>;
const insightsShape = z.object({
  gallery: z.object({ id: z.string(), name: z.string() }),
  totals: z.object({ viewers: z.number(), visits: z.number(), playSeconds: z.number(), downloads: z.number() }),
  films: z.array(filmInsight),
  viewers: z.object({ items: z.array(viewerInsight), page: z.number(), pageSize: z.number(), total: z.number(), sort: z.enum(["recent", "name"]) }),
});
export type GalleryInsights = z.output<typeof insightsShape>;

export const guests = {
  list: door({ method: "GET", path: "/api/galleries/gallery/:id/invites", who: "studio", params: idPath, answer: invitesShape, summary: "A gallery's guests", tag: GUESTS }),
  add: door({
    method: "POST",
    path: "/api/galleries/gallery/:id/invites",
    who: "studio",
    params: idPath,
    body: addInvitesSchema,
    answer: invitesShape.extend({ results: z.array(addResultShape) }),
    summary: "Add guests (a list, or one guest a line)",
    tag: GUESTS,
    example: { guests: [{ name: "Ana", email: "ana@example.com", language: "fr" }] },
  }),
  settings: door({
    method: "PUT",
    path: "/api/galleries/gallery/:id/invites",
    who: "studio",
    params: idPath,
    body: invitesSettingsSchema,
    answer: z.object({ remindersEnabled: z.boolean() }),
    summary: "Turn a gallery's reminders on or off",
    tag: GUESTS,
  }),
  sendAll: door({
    method: "POST",
    path: "/api/galleries/gallery/:id/invites/send",
    who: "studio",
    params: idPath,
    body: sendAllOptionsSchema,
    bodyReadBy: "handler",
    answer: sendAllShape,
    errors: ["conflict", "payload_too_large"],
    summary: "Send (or schedule) the delivery mail to every guest whose link works",
    description: "The body is optional: subject, message, pinInMail and sendAt as for one guest; each guest's mail is in their own language.",
    tag: GUESTS,
    example: { subject: "Your films are ready", message: "It was a joy to film your day.", pinInMail: false },
  }),
  update: door({
    method: "PATCH",
    path: "/api/galleries/gallery/:id/invites/:inviteId",
    who: "studio",
    params: invitePath,
    body: inviteUpdateSchema,
    answer: z.object({ invite: inviteShape }),
    summary: "Change a guest's language",
    description: "`language`: one of the viewer languages, or null (their browser's last language on the gallery, else the gallery's). Every later mail to the guest and their checkout follow it.",
    tag: GUESTS,
    example: { language: "fr" },
  }),
  revoke: door({
    method: "DELETE",
    path: "/api/galleries/gallery/:id/invites/:inviteId",
    who: "studio",
    params: invitePath,
    answer: z.object({ invite: inviteShape }),
    summary: "Revoke a guest's personal link",
    tag: GUESTS,
  }),
  send: door({
    method: "POST",
    path: "/api/galleries/gallery/:id/invites/:inviteId/send",
    who: "studio",
    params: invitePath,
    body: sendOptionsSchema,
    bodyReadBy: "handler",
    answer: z.object({ invite: inviteShape }),
    errors: ["conflict", "upstream", "payload_too_large"],
    summary: "(Re-)send, or schedule, one guest's delivery mail",
    description:
      "The body is optional: `subject` (≤ 150 characters) and `message` (plain text, ≤ 2,000), `pinInMail` (the gallery's download PIN in the mail, or the guest told to ask the studio), `language` (one of the viewer languages; kept on the invite) and `sendAt` (a moment within 90 days: the mail is scheduled).",
    tag: GUESTS,
    example: { subject: "Your films are ready", message: "It was a joy to film your day.", pinInMail: true, language: "fr" },
  }),
  cancelSend: door({
    method: "DELETE",
    path: "/api/galleries/gallery/:id/invites/:inviteId/send",
    who: "studio",
    params: invitePath,
    answer: z.object({ invite: inviteShape }),
    summary: "Cancel one guest's scheduled delivery mail",
    tag: GUESTS,
  }),
  preview: door({
    method: "POST",
    path: "/api/galleries/gallery/:id/invites/:inviteId/preview",
    who: "studio",
    params: invitePath,
    body: sendOptionsSchema,
    bodyReadBy: "handler",
    answer: mailPreviewShape,
    errors: ["conflict", "payload_too_large"],
    summary: "Preview one guest's delivery mail",
    description: "The mail this send would be — subject, HTML and text — made by the same renderer from the same inputs; nothing is sent or kept.",
    tag: GUESTS,
    example: { subject: "Your films are ready", message: "It was a joy to film your day." },
  }),
};

export const insights = {
  gallery: door({
    method: "GET",
    path: "/api/galleries/gallery/:id/insights",
    who: "studio",
    scope: "insights",
    params: idPath,
    query: insightsQuerySchema,
    answer: z.object({ insights: insightsShape }),
    summary: "Who watched what in a gallery",
    tag: INSIGHTS,
  }),
  csv: door({
    method: "GET",
    path: "/api/galleries/gallery/:id/insights/csv",
    who: "studio",
    scope: "insights",
    params: idPath,
    answer: raw("file", "A CSV attachment, one row per viewer and film (streamed).", "text/csv"),
    summary: "A gallery's insights as CSV",
    tag: INSIGHTS,
  }),
};
