// POST /api/products/abort-multipart-upload — { fileName, uploadId } → { message } (reservation released)
import { studioRoute } from "@/lib/http";
import { multipartRefSchema } from "@/lib/validation/uploads";
import { abortVideoUpload } from "@/lib/services/upload-videos";

export const POST = studioRoute({ body: multipartRefSchema }, async ({ body, actor }) => abortVideoUpload(actor, body));
