// POST /api/payments/local/subscriptions/:id/cancel — the local billing page's Cancel subscription
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { cancelLocalSubscription } from "@/lib/services/payments";

export const POST = studioRoute({ params: z.object({ id: idSchema }) }, async ({ params, actor }) => cancelLocalSubscription(actor, params.id));
