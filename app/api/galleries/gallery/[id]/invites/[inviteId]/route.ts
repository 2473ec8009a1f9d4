// DELETE /api/galleries/gallery/:id/invites/:inviteId → { invite }: revokes the guest's personal link
// (it opens nothing from the next request on); the studio's own galleries only (else 404).
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { revokeInvite } from "@/lib/services/invites";
import { idSchema } from "@/lib/validation/common";

export const DELETE = studioRoute({ params: z.object({ id: idSchema, inviteId: idSchema }) }, async ({ params, actor }) => revokeInvite(actor, params.id, params.inviteId));
