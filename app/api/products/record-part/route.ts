// POST /api/products/record-part — { fileName, uploadId, PartNumber, ETag, Size } → { message } (for resume)
import { studioRoute, parseJson } from "@/lib/http";
import { recordPartSchema } from "@/lib/validation/uploads";
import { recordPart } from "@/lib/services/uploads";

export const POST = studioRoute(async ({ req, actor }) => recordPart(actor, await parseJson(req, recordPartSchema)));
