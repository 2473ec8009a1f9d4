import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { updateSettings } from "@/lib/services/galleries";

// PUT /api/galleries/gallery/settings/:id
export const PUT = route(doors.galleries.settings, async ({ params, body, actor }) => ({
  setting: await updateSettings(actor, params.id, body.setting),
}));
