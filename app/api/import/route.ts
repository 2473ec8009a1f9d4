import { json, studioRoute } from "@/lib/http";
import { cancelImportUpload, importState, startImportUpload } from "@/lib/services/import-uploads";
import { startImportSchema } from "@/lib/validation/studio-data";

// GET /api/import → { import: ImportState | null } (the acting studio's latest import)
export const GET = studioRoute(async ({ actor }) => ({ import: await importState(actor) }));

// POST /api/import { fileName, fileSize } → 201 { import, upload: { importId, uploadId, key, partSize, partCount } }
// 409 conflict when the studio has folders or an import is open; 409 not_enough_credits
export const POST = studioRoute({ body: startImportSchema }, async ({ actor, body }) => json(await startImportUpload(actor, body), 201));

// DELETE /api/import → { import } (the import still uploading is cancelled: its parts aborted, nothing kept)
export const DELETE = studioRoute(async ({ actor }) => ({ import: await cancelImportUpload(actor) }));
