// POST /api/products/delete-file — { fileName } or { folderName } → { deleted }
import { studioRoute } from "@/lib/http";
import { deleteFileSchema } from "@/lib/validation/uploads";
import { deleteFile } from "@/lib/services/upload-videos";

export const POST = studioRoute({ body: deleteFileSchema }, async ({ body, actor }) => deleteFile(actor, body));
