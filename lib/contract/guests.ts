// A gallery's guests (personal links, delivery mails) and its insights.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { insightsShape, inviteShape, invitesShape, mailPreviewShape } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { addInvitesSchema, invitesSettingsSchema, sendAllOptionsSchema, sendOptionsSchema } from "@/lib/validation/invites";
import { insightsQuerySchema } from "@/lib/validation/insights";

const GUESTS = "Guests";
const INSIGHTS = "Insights";
const idPath = z.object({ id: idSchema });
const invitePath = z.object({ id: idSchema, inviteId: idSchema });
const guestRef = z.object({ id: z.string(), email: z.string() });

export const guests = {
  list: door({ method: "GET", path: "/api/galleries/gallery/:id/invites", who: "studio", params: idPath, answer: invitesShape, summary: "A gallery's guests", tag: GUESTS }),
  add: door({
    method: "POST",
    path: "/api/galleries/gallery/:id/invites",
    who: "studio",
    params: idPath,
    body: addInvitesSchema,
    answer: invitesShape.extend({
      results: z.array(
        z.object({
          line: z.number(),
          email: z.string().nullable(),
          outcome: z.enum(["added", "updated", "refused"]),
          reason: z.string().optional(),
          inviteId: z.string().optional(),
          newLink: z.boolean().optional(),
        }),
      ),
    }),
    summary: "Add guests (a list, or one guest a line)",
    tag: GUESTS,
    example: { guests: [{ name: "Ana", email: "ana@example.com" }] },
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
    answer: invitesShape.extend({
      sent: z.array(guestRef),
      failed: z.array(guestRef),
      skipped: z.array(guestRef.extend({ reason: z.enum(["revoked", "expired", "limited"]) })),
      scheduled: z.array(guestRef),
    }),
    errors: ["conflict", "payload_too_large"],
    summary: "Send (or schedule) the delivery mail to every guest whose link works",
    description: "The body is optional: subject, message, pinInMail and sendAt as for one guest; each guest's mail is in their own language.",
    tag: GUESTS,
    example: { subject: "Your films are ready", message: "It was a joy to film your day.", pinInMail: false },
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
