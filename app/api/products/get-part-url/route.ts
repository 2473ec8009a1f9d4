// GET /api/products/get-part-url?fileName&uploadId&partNumber → { url }
import { studioRoute } from "@/lib/http";
import { partUrlSchema } from "@/lib/validation/uploads";
import { partUrl } from "@/lib/services/upload-videos";

export const GET = studioRoute({ query: partUrlSchema }, async ({ query, actor }) => partUrl(actor, query));
