import { parseJson, studioRoute } from "@/lib/http";
import { deleteFolder, renameFolder } from "@/lib/services/folders";
import { nameBodySchema } from "@/lib/validation/folders";
import { TEXTS } from "@/lib/texts";

type P = { id: string };

// PUT /api/folder/folders/:id
export const PUT = studioRoute<P>(async ({ req, params, actor }) => {
  const { name } = await parseJson(req, nameBodySchema);
  return renameFolder(actor, params.id, name);
});

// DELETE /api/folder/folders/:id
export const DELETE = studioRoute<P>(async ({ params, actor }) => {
  await deleteFolder(actor, params.id);
  return { message: TEXTS.folderDeleted };
});
