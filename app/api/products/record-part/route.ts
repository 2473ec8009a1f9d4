// POST /api/products/record-part — { fileName, uploadId, PartNumber, ETag, Size } → { message } (for resume)
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { recordPart } from "@/lib/services/films";

export const POST = route(doors.uploads.recordPart, async ({ body, actor }) => recordPart(actor, body));
