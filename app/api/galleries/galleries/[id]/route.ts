import { parseJson, studioRoute } from "@/lib/http";
import { renameGallery } from "@/lib/services/galleries";
import { nameBodySchema } from "@/lib/validation/folders";

type P = { id: string };

// PUT /api/galleries/galleries/:id
export const PUT = studioRoute<P>(async ({ req, params, actor }) => {
  const { name } = await parseJson(req, nameBodySchema);
  return renameGallery(actor, params.id, name);
});
