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

export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;
