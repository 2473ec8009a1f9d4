// POST /api/products/generate-presigned-url?folderPath&fileName&fileType&fileSize → { upload_url, fileName (the key), headers (to send with the PUT) }
import { studioRoute } from "@/lib/http";
import { presignQuerySchema } from "@/lib/validation/uploads";
import { presignUpload } from "@/lib/services/upload-files";

export const POST = studioRoute({ query: presignQuerySchema }, async ({ query, actor }) => presignUpload(actor, query));
