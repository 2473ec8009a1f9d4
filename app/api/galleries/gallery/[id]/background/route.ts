// PUT /api/galleries/gallery/:id/background — one of { imgUrl | videoUrl | musicUrl } (null removes) → { backgroundMedia }
import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { idSchema } from "@/lib/validation/common";
import { backgroundSchema } from "@/lib/validation/gallery-media";
import { setBackground } from "@/lib/services/gallery-media";

export const PUT = studioRoute({ params: z.object({ id: idSchema }), body: backgroundSchema }, async ({ params, body, actor }) => setBackground(actor, params.id, body));
