// POST /api/products/check-file — { fileName } → { exists }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { checkFile } from "@/lib/services/films";

export const POST = route(doors.uploads.checkFile, async ({ body, actor }) => checkFile(actor, body.fileName));
