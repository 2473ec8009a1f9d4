import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { exportState, startExport } from "@/lib/services/data";

// GET /api/export → { export: ExportState | null } (the acting studio's latest export: state, progress, link)
export const GET = route(doors.studioData.exportState, async ({ actor }) => ({ export: await exportState(actor) }));

// POST /api/export → 202 { export } (queued); 409 export_running while one is queued or running
export const POST = route(doors.studioData.startExport, async ({ actor }) => json({ export: await startExport(actor) }, 202));
