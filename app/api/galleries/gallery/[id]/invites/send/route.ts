// POST /api/galleries/gallery/:id/invites/send ("Send to guests") → { sent, failed, skipped, invites, … }:
// the delivery mail to every guest whose link works (not revoked, not expired); 409 for an expired gallery.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { sendAllInvites } from "@/lib/services/invites";

export const POST = route(doors.guests.sendAll, async ({ params, actor }) => sendAllInvites(actor, params.id));
