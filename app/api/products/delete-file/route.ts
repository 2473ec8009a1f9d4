// POST /api/products/delete-file — { fileName } or { folderName } → { deleted }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { deleteFile } from "@/lib/services/films";

export const POST = route(doors.uploads.deleteFile, async ({ body, actor }) => deleteFile(actor, body));
