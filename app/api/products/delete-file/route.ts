// POST /api/products/delete-file — { fileName } or { folderName } → { deleted }
import { studioRoute, parseJson } from "@/lib/http";
import { deleteFileSchema } from "@/lib/validation/uploads";
import { deleteFile } from "@/lib/services/uploads";

export const POST = studioRoute(async ({ req, actor }) => deleteFile(actor, await parseJson(req, deleteFileSchema)));
