// POST /api/galleries/gallery/:id/invites/:inviteId/preview { subject?, message?, pinInMail?, language?, sendAt? }
// → { subject, html, text }: the delivery mail this send would be (the send's own renderer and
// inputs), nothing sent or kept; 404 for another studio's gallery or invite, 413 past 16 KB.
import { optionalJsonCapped, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { previewInvite } from "@/lib/services/guests";
import { SEND_BODY_MAX_BYTES, sendOptionsSchema } from "@/lib/validation/invites";
import { TEXTS } from "@/lib/texts";

export const POST = route(doors.guests.preview, async ({ req, params, actor }) =>
  previewInvite(actor, params.id, params.inviteId, await optionalJsonCapped(req, sendOptionsSchema, SEND_BODY_MAX_BYTES, TEXTS.guests.bodyTooLarge)),
);
