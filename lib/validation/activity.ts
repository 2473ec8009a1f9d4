// The studio's activity feed and its mail settings: the doors' inputs.
import { z } from "zod";
import { ACTIVITY_KINDS, MAIL_CHOICES, type ActivityKind } from "@/lib/services/platform/rules/activity";
import { idField } from "@/lib/validation/common";

const KIND_LIST = ACTIVITY_KINDS.join(", ");
/** An event's id on the wire (its place in the feed): digits. */
const eventId = (message: string) => z.string({ error: message }).regex(/^\d{1,18}$/, message);

/** GET /api/activity?cursor=&kinds=&galleryId=&unread= */
export const activityQuerySchema = z
  .object({
    cursor: eventId("cursor is the `next` an earlier page answered.").optional(),
    kinds: z
      .string()
      .transform((s) => [
        ...new Set(
          s
            .split(",")
            .map((k) => k.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(z.enum(ACTIVITY_KINDS, { error: `kinds is a comma-separated list of: ${KIND_LIST}.` })).max(ACTIVITY_KINDS.length))
      .optional(),
    galleryId: idField("galleryId is not a valid gallery id.").optional(),
    unread: z.enum(["true", "false"], { error: 'unread must be "true" or "false".' }).optional(),
  })
  .strict();
export type ActivityQuery = z.output<typeof activityQuerySchema>;

/** POST /api/activity/read { upTo } */
export const activityReadSchema = z.strictObject({ upTo: eventId("upTo is the id of the newest event read.") }, { error: "Send { upTo: <an event's id> } only." });

/** GET /api/activity/live?after= */
export const activityLiveQuerySchema = z.object({ after: eventId("after is the id of the newest event the feed has.").optional() }).strict();

const choice = z.enum(MAIL_CHOICES, { error: `Each kind's mail is one of: ${MAIL_CHOICES.join(", ")}.` });

/** PUT /api/users/notifications { digestEnabled?, kinds? } (one of them at least) */
export const notificationsSchema = z
  .strictObject(
    {
      digestEnabled: z.boolean({ error: "digestEnabled must be true or false." }).optional(),
      kinds: z
        .strictObject(Object.fromEntries(ACTIVITY_KINDS.map((k) => [k, choice.optional()])) as Record<ActivityKind, z.ZodOptional<typeof choice>>, {
          error: `kinds names only these kinds: ${KIND_LIST}.`,
        })
        .optional(),
    },
    { error: "Send { digestEnabled: true | false, kinds: { <kind>: now | digest | off } } only." },
  )
  .refine((v) => v.digestEnabled !== undefined || v.kinds !== undefined, { error: "Send digestEnabled, kinds, or both." });
export type NotificationsInput = z.output<typeof notificationsSchema>;
