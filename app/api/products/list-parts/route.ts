// GET /api/products/list-parts?fileName&uploadId → { parts: [{ PartNumber, ETag, Size }] } (resume)
import { studioRoute, parseWith } from "@/lib/http";
import { multipartRefSchema } from "@/lib/validation/uploads";
import { uploadedParts } from "@/lib/services/uploads";

export const GET = studioRoute(async ({ req, actor }) => uploadedParts(actor, parseWith(multipartRefSchema, Object.fromEntries(req.nextUrl.searchParams))));
