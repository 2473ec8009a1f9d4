// POST /api/products/check-file — { fileName } → { exists }
import { studioRoute, parseJson } from "@/lib/http";
import { checkFileSchema } from "@/lib/validation/uploads";
import { checkFile } from "@/lib/services/uploads";

export const POST = studioRoute(async ({ req, actor }) => checkFile(actor, (await parseJson(req, checkFileSchema)).fileName));
