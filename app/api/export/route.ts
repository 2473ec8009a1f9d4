import { json, studioRoute } from "@/lib/http";
import { exportState, startExport } from "@/lib/services/studio-export";

// GET /api/export → { export: ExportState | null } (the acting studio's latest export: state, progress, link)
export const GET = studioRoute(async ({ actor }) => ({ export: await exportState(actor) }));

// POST /api/export → 202 { export } (queued); 409 export_running while one is queued or running
export const POST = studioRoute(async ({ actor }) => json({ export: await startExport(actor) }, 202));
