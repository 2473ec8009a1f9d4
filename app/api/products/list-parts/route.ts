// GET /api/products/list-parts?fileName&uploadId → { parts: [{ PartNumber, ETag, Size }] } (resume)
import { studioRoute } from "@/lib/http";
import { multipartRefSchema } from "@/lib/validation/uploads";
import { uploadedParts } from "@/lib/services/upload-videos";

export const GET = studioRoute({ query: multipartRefSchema }, async ({ query, actor }) => uploadedParts(actor, query));
