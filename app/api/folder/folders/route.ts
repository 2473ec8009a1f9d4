import { json, parseJson, studioRoute } from "@/lib/http";
import { createFolder, listFolders } from "@/lib/services/folders";
import { nameBodySchema } from "@/lib/validation/folders";

// GET /api/folder/folders
export const GET = studioRoute(({ actor }) => listFolders(actor));

// POST /api/folder/folders
export const POST = studioRoute(async ({ req, actor }) => {
  const { name } = await parseJson(req, nameBodySchema);
  return json(await createFolder(actor, name), 201);
});
