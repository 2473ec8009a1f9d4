// POST /api/galleries/gallery/:id/invites/:inviteId/send → { invite }: (re-)sends the guest's delivery
// mail with the same personal link; 409 for a revoked or expired link or gallery, 502 when the mail failed.
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { sendInvite } from "@/lib/services/invites";
import { idSchema } from "@/lib/validation/common";

export const POST = studioRoute({ params: z.object({ id: idSchema, inviteId: idSchema }) }, async ({ params, actor }) => sendInvite(actor, params.id, params.inviteId));
