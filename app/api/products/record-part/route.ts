// POST /api/products/record-part — { fileName, uploadId, PartNumber, ETag, Size } → { message } (for resume)
import { studioRoute } from "@/lib/http";
import { recordPartSchema } from "@/lib/validation/uploads";
import { recordPart } from "@/lib/services/upload-videos";

export const POST = studioRoute({ body: recordPartSchema }, async ({ body, actor }) => recordPart(actor, body));
