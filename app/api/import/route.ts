import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { cancelImportUpload, importState, startImportUpload } from "@/lib/services/data";

// GET /api/import → { import: ImportState | null } (the acting studio's latest import)
export const GET = route(doors.studioData.importState, async ({ actor }) => ({ import: await importState(actor) }));

// POST /api/import { fileName, fileSize } → 201 { import, upload: { importId, uploadId, key, partSize, partCount } }
// 409 conflict when the studio has folders or an import is open; 409 not_enough_credits
export const POST = route(doors.studioData.startImport, async ({ actor, body }) => json(await startImportUpload(actor, body), 201));

// DELETE /api/import → { import } (the import still uploading is cancelled: its parts aborted, nothing kept)
export const DELETE = route(doors.studioData.cancelImport, async ({ actor }) => ({ import: await cancelImportUpload(actor) }));
