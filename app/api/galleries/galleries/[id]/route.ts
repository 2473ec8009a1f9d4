import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { renameGallery } from "@/lib/services/galleries";
import { idSchema } from "@/lib/validation/common";
import { nameBodySchema } from "@/lib/validation/folders";

// PUT /api/galleries/galleries/:id
export const PUT = studioRoute({ params: z.object({ id: idSchema }), body: nameBodySchema }, async ({ params, body, actor }) => renameGallery(actor, params.id, body.name));
