// POST /api/products/abort-multipart-upload — { fileName, uploadId } → { message } (reservation released)
import { studioRoute, parseJson } from "@/lib/http";
import { multipartRefSchema } from "@/lib/validation/uploads";
import { abortVideoUpload } from "@/lib/services/uploads";

export const POST = studioRoute(async ({ req, actor }) => abortVideoUpload(actor, await parseJson(req, multipartRefSchema)));
