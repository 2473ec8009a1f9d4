import { json, studioRoute } from "@/lib/http";
import { completeImportUpload } from "@/lib/services/import-uploads";
import { completeImportSchema } from "@/lib/validation/studio-data";

// POST /api/import/complete { importId, parts } → 202 { import } (assembled and queued; a repeat answers it as it is)
export const POST = studioRoute({ body: completeImportSchema }, async ({ actor, body }) => json({ import: await completeImportUpload(actor, body) }, 202));
