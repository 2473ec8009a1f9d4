import { json, studioRoute } from "@/lib/http";
import { createFolder, listFolders } from "@/lib/services/folders";
import { nameBodySchema } from "@/lib/validation/folders";

// GET /api/folder/folders
export const GET = studioRoute(({ actor }) => listFolders(actor));

// POST /api/folder/folders
export const POST = studioRoute({ body: nameBodySchema }, async ({ body, actor }) => json(await createFolder(actor, body.name), 201));
