// DELETE /api/galleries/gallery/:id/invites/:inviteId → { invite }: revokes the guest's personal link
// (it opens nothing from the next request on); the studio's own galleries only (else 404).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { revokeInvite } from "@/lib/services/guests";

export const DELETE = route(doors.guests.revoke, async ({ params, actor }) => revokeInvite(actor, params.id, params.inviteId));
