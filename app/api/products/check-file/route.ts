// POST /api/products/check-file — { fileName } → { exists }
import { studioRoute } from "@/lib/http";
import { checkFileSchema } from "@/lib/validation/uploads";
import { checkFile } from "@/lib/services/upload-videos";

export const POST = studioRoute({ body: checkFileSchema }, async ({ body, actor }) => checkFile(actor, body.fileName));
