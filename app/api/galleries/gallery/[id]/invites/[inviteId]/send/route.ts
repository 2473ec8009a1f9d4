// POST /api/galleries/gallery/:id/invites/:inviteId/send { subject?, message?, pinInMail?, language?, sendAt? }
// → { invite }: (re-)sends the guest's delivery mail with the same personal link, or schedules it;
// 409 for a revoked or expired link or gallery (or a PIN to mail that cannot be read), 502 when the
// mail failed, 413 past 16 KB.
// DELETE /api/galleries/gallery/:id/invites/:inviteId/send → { invite }: cancels a scheduled send.
import { optionalJsonCapped, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { cancelScheduledSend, sendInvite } from "@/lib/services/guests";
import { SEND_BODY_MAX_BYTES, sendOptionsSchema } from "@/lib/validation/invites";
import { TEXTS } from "@/lib/texts";

export const POST = route(doors.guests.send, async ({ req, params, actor }) =>
  sendInvite(actor, params.id, params.inviteId, await optionalJsonCapped(req, sendOptionsSchema, SEND_BODY_MAX_BYTES, TEXTS.guests.bodyTooLarge)),
);

export const DELETE = route(doors.guests.cancelSend, async ({ params, actor }) => cancelScheduledSend(actor, params.id, params.inviteId));
