import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { updateSettings } from "@/lib/services/galleries";
import { idSchema } from "@/lib/validation/common";
import { updateSettingsSchema } from "@/lib/validation/galleries";

// PUT /api/galleries/gallery/settings/:id
export const PUT = studioRoute({ params: z.object({ id: idSchema }), body: updateSettingsSchema }, async ({ params, body, actor }) => ({
  setting: await updateSettings(actor, params.id, body.setting),
}));
