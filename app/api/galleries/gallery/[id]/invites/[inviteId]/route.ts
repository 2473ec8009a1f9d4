// PATCH  /api/galleries/gallery/:id/invites/:inviteId { language: "en" | … | null } → { invite }: the
// guest's language (null: not set; then their browser's last language on the gallery, else the
// gallery's). DELETE /api/galleries/gallery/:id/invites/:inviteId → { invite }: revokes the guest's
// personal link (it opens nothing from the next request on). The studio's own galleries only (else 404).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { revokeInvite, updateInvite } from "@/lib/services/guests";

export const PATCH = route(doors.guests.update, async ({ params, body, actor }) => updateInvite(actor, params.id, params.inviteId, body));

export const DELETE = route(doors.guests.revoke, async ({ params, actor }) => revokeInvite(actor, params.id, params.inviteId));
