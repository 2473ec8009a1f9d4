// A studio's export (one ZIP of everything) and import.
import { z } from "zod";
import { door, raw } from "@/lib/contract/door";
import { date, nullableDate, urlAnswer } from "@/lib/contract/shapes";
import { completeImportSchema, importPartSchema, startImportSchema } from "@/lib/validation/studio-data";

const TAG = "Export and import";

/** The studio's latest export (lib/services/data/studio-export.ts builds it). Sizes in bytes. */
const exportStateShape = z.object({
  id: z.string(),
  status: z.enum(["QUEUED", "RUNNING", "READY", "FAILED", "EXPIRED"]),
  fileName: z.string(),
  totalBytes: z.number(),
  doneBytes: z.number(),
  files: z.number(),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: date,
  finishedAt: nullableDate,
  expiresAt: nullableDate,
  downloadUrl: z.string().nullable().describe("The app's door that redirects to a short-lived signed address of the ZIP (READY only)."),
  previous: z
    .object({ fileName: z.string(), sizeBytes: z.number().nullable(), expiresAt: nullableDate, downloadUrl: z.string() })
    .nullable()
    .describe("The studio's previous export, still downloadable while this one is not READY (queued, running or failed); else null."),
});
export type ExportState = z.output<typeof exportStateShape>;

/** What an import brought in (lib/services/data/studio-import.ts `importStudio`). */
const importSummaryShape = z.object({
  folders: z.number(),
  galleries: z.number(),
  videos: z.number(),
  guests: z.number(),
  files: z.number(),
  bytes: z.number(),
  creditsRestored: z.boolean().describe("The credit history and balance were restored (an operator's restore into a studio without a history of its own)."),
  renamedLinks: z.array(z.object({ from: z.string(), to: z.string() })).describe("Delivery links that were taken on this instance and got a new one."),
});
export type ImportSummary = z.output<typeof importSummaryShape>;

/** The studio's latest import (lib/services/data/import-uploads.ts builds it). */
const importStateShape = z.object({
  id: z.string(),
  status: z.string().describe("UPLOADING, QUEUED, RUNNING, DONE, FAILED or CANCELLED."),
  fileName: z.string(),
  totalBytes: z.number(),
  doneBytes: z.number(),
  summary: importSummaryShape.nullable(),
  error: z.string().nullable(),
  createdAt: date,
  finishedAt: nullableDate,
});
export type ImportState = z.output<typeof importStateShape>;

export const studioData = {
  exportState: door({ method: "GET", path: "/api/export", who: "studio", answer: z.object({ export: exportStateShape.nullable() }), summary: "The studio's latest export", tag: TAG }),
  startExport: door({
    method: "POST",
    path: "/api/export",
    who: "studio",
    status: 202,
    answer: z.object({ export: exportStateShape }),
    errors: ["export_running"],
    summary: "Export everything as one ZIP (queued)",
    tag: TAG,
  }),
  exportDownload: door({
    method: "GET",
    path: "/api/export/download",
    who: "studio",
    answer: raw("redirect", "302 to a signed address (minutes) of the studio's ready export."),
    summary: "Download the ready export",
    tag: TAG,
  }),
  importState: door({ method: "GET", path: "/api/import", who: "studio", answer: z.object({ import: importStateShape.nullable() }), summary: "The studio's latest import", tag: TAG }),
  startImport: door({
    method: "POST",
    path: "/api/import",
    who: "studio",
    body: startImportSchema,
    status: 201,
    answer: z.object({
      import: importStateShape,
      upload: z.object({ importId: z.string(), uploadId: z.string(), key: z.string(), partSize: z.number(), partCount: z.number() }),
    }),
    errors: ["conflict", "not_enough_credits"],
    summary: "Start uploading an export ZIP to import",
    tag: TAG,
    example: { fileName: "vidfolio-export-2026-11-27.zip", fileSize: 1073741824 },
  }),
  cancelImport: door({ method: "DELETE", path: "/api/import", who: "studio", answer: z.object({ import: importStateShape.nullable() }), summary: "Cancel the import still uploading", tag: TAG }),
  importPart: door({
    method: "GET",
    path: "/api/import/part",
    who: "studio",
    query: importPartSchema,
    answer: urlAnswer,
    errors: ["conflict"],
    summary: "A signed PUT of one part of the ZIP",
    tag: TAG,
  }),
  completeImport: door({
    method: "POST",
    path: "/api/import/complete",
    who: "studio",
    body: completeImportSchema,
    status: 202,
    answer: z.object({ import: importStateShape }),
    errors: ["conflict"],
    summary: "Complete the ZIP's upload: the import is queued",
    tag: TAG,
  }),
};
