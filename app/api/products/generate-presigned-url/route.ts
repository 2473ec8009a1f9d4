// POST /api/products/generate-presigned-url?folderPath&fileName&fileType — → { upload_url, fileName (the key) }
import { studioRoute, parseWith } from "@/lib/http";
import { presignQuerySchema } from "@/lib/validation/uploads";
import { presignUpload } from "@/lib/services/uploads";

export const POST = studioRoute(async ({ req, actor }) => presignUpload(actor, parseWith(presignQuerySchema, Object.fromEntries(req.nextUrl.searchParams))));
