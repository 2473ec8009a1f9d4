// A gallery's guests (personal links, delivery mails) and its insights.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { insightsShape, inviteShape, invitesShape } from "@/lib/contract/shapes";
import { idSchema } from "@/lib/validation/common";
import { addInvitesSchema, invitesSettingsSchema } from "@/lib/validation/invites";
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
    answer: invitesShape.extend({
      sent: z.array(guestRef),
      failed: z.array(guestRef),
      skipped: z.array(guestRef.extend({ reason: z.enum(["revoked", "expired", "limited"]) })),
    }),
    errors: ["conflict"],
    summary: "Send the delivery mail to every guest whose link works",
    tag: GUESTS,
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
    answer: z.object({ invite: inviteShape }),
    errors: ["conflict", "upstream"],
    summary: "(Re-)send one guest's delivery mail",
    tag: GUESTS,
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
