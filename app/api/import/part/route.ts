import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { importPartUrl } from "@/lib/services/data";

// GET /api/import/part?importId&partNumber → { url } (a signed PUT of one part of the ZIP, straight to the store)
export const GET = route(doors.studioData.importPart, async ({ actor, query }) => importPartUrl(actor, query));
