import { studioRoute } from "@/lib/http";
import { importPartUrl } from "@/lib/services/import-uploads";
import { importPartSchema } from "@/lib/validation/studio-data";

// GET /api/import/part?importId&partNumber → { url } (a signed PUT of one part of the ZIP, straight to the store)
export const GET = studioRoute({ query: importPartSchema }, async ({ actor, query }) => importPartUrl(actor, query));
