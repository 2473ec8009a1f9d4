// POST /api/galleries/gallery/:id/invites/send ("Send to guests") { subject?, message?, pinInMail?, sendAt? }
// → { sent, failed, skipped, scheduled, invites, … }: the delivery mail to every guest whose link works
// (not revoked, not expired), now or at sendAt; 409 for an expired gallery; 413 past 16 KB.
import { optionalJsonCapped, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { sendAllInvites } from "@/lib/services/guests";
import { SEND_BODY_MAX_BYTES, sendAllOptionsSchema } from "@/lib/validation/invites";
import { TEXTS } from "@/lib/texts";

export const POST = route(doors.guests.sendAll, async ({ req, params, actor }) =>
  sendAllInvites(actor, params.id, await optionalJsonCapped(req, sendAllOptionsSchema, SEND_BODY_MAX_BYTES, TEXTS.guests.bodyTooLarge)),
);
