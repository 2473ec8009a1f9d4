// POST /api/products/generate-presigned-url?folderPath&fileName&fileType&fileSize → { upload_url, fileName (the key), headers (to send with the PUT) }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { presignUpload } from "@/lib/services/films";

export const POST = route(doors.uploads.presign, async ({ query, actor }) => presignUpload(actor, query));
