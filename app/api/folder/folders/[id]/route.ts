import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteFolder, renameFolder } from "@/lib/services/galleries";
import { TEXTS } from "@/lib/texts";

// PUT /api/folder/folders/:id
export const PUT = route(doors.folders.rename, async ({ params, body, actor }) => renameFolder(actor, params.id, body.name));

// DELETE /api/folder/folders/:id
export const DELETE = route(doors.folders.remove, async ({ params, actor }) => {
  await deleteFolder(actor, params.id);
  return { message: TEXTS.folderDeleted };
});
