// GET /api/products/get-part-url?fileName&uploadId&partNumber → { url }
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { partUrl } from "@/lib/services/films";

export const GET = route(doors.uploads.partUrl, async ({ query, actor }) => partUrl(actor, query));
