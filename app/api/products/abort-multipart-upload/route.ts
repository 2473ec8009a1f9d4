// POST /api/products/abort-multipart-upload — { fileName, uploadId } → { message } (reservation released)
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { abortVideoUpload } from "@/lib/services/films";

export const POST = route(doors.uploads.abort, async ({ body, actor }) => abortVideoUpload(actor, body));
