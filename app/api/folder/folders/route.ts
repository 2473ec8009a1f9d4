import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { createFolder, listFolders } from "@/lib/services/galleries";

// GET /api/folder/folders
export const GET = route(doors.folders.list, ({ actor }) => listFolders(actor));

// POST /api/folder/folders
export const POST = route(doors.folders.create, async ({ body, actor }) => json(await createFolder(actor, body.name), 201));
