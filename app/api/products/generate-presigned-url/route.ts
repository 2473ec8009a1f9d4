// POST /api/products/generate-presigned-url?folderPath&fileName&fileType&fileSize → { upload_url, fileName (the key), headers (to send with the PUT) }
import { studioRoute, parseWith } from "@/lib/http";
import { presignQuerySchema } from "@/lib/validation/uploads";
import { presignUpload } from "@/lib/services/upload-files";

export const POST = studioRoute(async ({ req, actor }) => presignUpload(actor, parseWith(presignQuerySchema, Object.fromEntries(req.nextUrl.searchParams))));
