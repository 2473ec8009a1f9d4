// PUT /api/galleries/gallery/:id/background — one of { imgUrl | videoUrl | musicUrl } (null removes) → { backgroundMedia }
import { studioRoute, parseJson } from "@/lib/http";
import { idParam } from "@/lib/validation/common";
import { backgroundSchema } from "@/lib/validation/gallery-media";
import { setBackground } from "@/lib/services/gallery-media";

export const PUT = studioRoute<{ id: string }>(async ({ req, params, actor }) =>
  setBackground(actor, idParam(params.id), await parseJson(req, backgroundSchema)),
);
