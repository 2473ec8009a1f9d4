// GET /api/products/get-part-url?fileName&uploadId&partNumber → { url }
import { studioRoute, parseWith } from "@/lib/http";
import { partUrlSchema } from "@/lib/validation/uploads";
import { partUrl } from "@/lib/services/uploads";

export const GET = studioRoute(async ({ req, actor }) => partUrl(actor, parseWith(partUrlSchema, Object.fromEntries(req.nextUrl.searchParams))));
