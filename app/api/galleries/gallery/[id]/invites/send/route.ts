// POST /api/galleries/gallery/:id/invites/send ("Send to guests") → { sent, failed, skipped, invites, … }:
// the delivery mail to every guest whose link works (not revoked, not expired); 409 for an expired gallery.
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { sendAllInvites } from "@/lib/services/invites";
import { idSchema } from "@/lib/validation/common";

export const POST = studioRoute({ params: z.object({ id: idSchema }) }, async ({ params, actor }) => sendAllInvites(actor, params.id));
