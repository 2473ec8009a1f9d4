import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { completeImportUpload } from "@/lib/services/data";

// POST /api/import/complete { importId, parts } → 202 { import } (assembled and queued; a repeat answers it as it is)
export const POST = route(doors.studioData.completeImport, async ({ actor, body }) => json({ import: await completeImportUpload(actor, body) }, 202));
