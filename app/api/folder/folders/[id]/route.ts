import { z } from "zod";
import { studioRoute } from "@/lib/http";
import { deleteFolder, renameFolder } from "@/lib/services/folders";
import { idSchema } from "@/lib/validation/common";
import { nameBodySchema } from "@/lib/validation/folders";
import { TEXTS } from "@/lib/texts";

const idPath = z.object({ id: idSchema });

// PUT /api/folder/folders/:id
export const PUT = studioRoute({ params: idPath, body: nameBodySchema }, async ({ params, body, actor }) => renameFolder(actor, params.id, body.name));

// DELETE /api/folder/folders/:id
export const DELETE = studioRoute({ params: idPath }, async ({ params, actor }) => {
  await deleteFolder(actor, params.id);
  return { message: TEXTS.folderDeleted };
});
