// POST /api/galleries/gallery/:id/invites/:inviteId/send → { invite }: (re-)sends the guest's delivery
// mail with the same personal link; 409 for a revoked or expired link or gallery, 502 when the mail failed.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { sendInvite } from "@/lib/services/invites";

export const POST = route(doors.guests.send, async ({ params, actor }) => sendInvite(actor, params.id, params.inviteId));
