// GET /api/products/list-parts?fileName&uploadId → { parts: [{ PartNumber, ETag, Size }] } (resume)
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { uploadedParts } from "@/lib/services/films";

export const GET = route(doors.uploads.listParts, async ({ query, actor }) => uploadedParts(actor, query));
