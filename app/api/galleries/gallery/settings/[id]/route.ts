import { parseJson, studioRoute } from "@/lib/http";
import { updateSettings } from "@/lib/services/galleries";
import { updateSettingsSchema } from "@/lib/validation/galleries";

type P = { id: string };

// PUT /api/galleries/gallery/settings/:id
export const PUT = studioRoute<P>(async ({ req, params, actor }) => {
  const { setting } = await parseJson(req, updateSettingsSchema);
  return { setting: await updateSettings(actor, params.id, setting) };
});
