// The webhook doors' inputs, shared by the doors and Account → Webhooks. Whether an
// address may be reached (https in production, no private literal address) is the service's check
// (it reads the configuration); the shape is checked here.
import { z } from "zod";
import { TEXTS } from "@/lib/texts";
import { pageLimit } from "@/lib/validation/common";
import { OFFERED_EVENTS, type WebhookEventType } from "@/lib/services/platform/rules/webhooks/events";

const t = TEXTS.webhooks;

const webhookUrlSchema = z
  .string({ error: t.badUrl })
  .trim()
  .max(2048, t.badUrl)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
    } catch {
      return false;
    }
  }, t.badUrl);

const webhookEventsSchema = z
  .array(z.enum(OFFERED_EVENTS as [WebhookEventType, ...WebhookEventType[]], { error: t.pickEvent }), { error: t.pickEvent })
  .min(1, t.pickEvent)
  .max(OFFERED_EVENTS.length * 2, t.pickEvent)
  // Once each, in the catalogue's order.
  .transform((events) => OFFERED_EVENTS.filter((e) => events.includes(e)));

export const createWebhookSchema = z.strictObject({ url: webhookUrlSchema, events: webhookEventsSchema });

export const updateWebhookSchema = z
  .strictObject({ url: webhookUrlSchema.optional(), events: webhookEventsSchema.optional(), enabled: z.boolean({ error: "enabled must be true or false." }).optional() })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.enabled !== undefined, "Send url, events or enabled.");

export const deliveriesQuerySchema = z.strictObject({
  limit: pageLimit(20),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, "cursor must be the nextCursor of a previous page.")
    .optional(),
});

/** GET /api/webhooks/listen?events=a,b&after=: the events to stream (default every offered one) and where to start. */
export const listenQuerySchema = z.strictObject({
  events: z
    .string()
    .max(1000, t.pickEvent)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return [...OFFERED_EVENTS];
      const asked = v.split(",").map((e) => e.trim());
      const unknown = asked.filter((e) => !(OFFERED_EVENTS as string[]).includes(e));
      if (unknown.length > 0) {
        ctx.addIssue({ code: "custom", message: t.unknownEvents(unknown.join(", "), OFFERED_EVENTS.join(", ")) });
        return z.NEVER;
      }
      return OFFERED_EVENTS.filter((e) => asked.includes(e));
    }),
  after: z
    .string()
    .regex(/^\d{1,18}$/, "after must be the id of a streamed event.")
    .optional(),
});

export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;
