// A studio's export and import as the API shows them (GET /api/export, GET /api/import): built by
// lib/services/studio-export.ts and lib/services/import-uploads.ts, shown by Account → Export.
import type { ExportStatus, ImportStatus } from "@/generated/prisma/enums";

/** GET /api/export's answer: the studio's latest export. Sizes in bytes. */
export type ExportState = {
  id: string;
  status: ExportStatus;
  fileName: string;
  totalBytes: number;
  doneBytes: number;
  files: number;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  /** The app's door that redirects to a short-lived signed address of the ZIP (READY only). */
  downloadUrl: string | null;
  /** The studio's previous export, still downloadable while this one is not READY (queued, running or failed); else null. */
  previous: { fileName: string; sizeBytes: number | null; expiresAt: string | null; downloadUrl: string } | null;
};

/** What an import brought in (lib/services/studio-import.ts `importStudio`). */
export type ImportSummary = {
  folders: number;
  galleries: number;
  videos: number;
  guests: number;
  files: number;
  bytes: number;
  /** The credit history and balance were restored (an operator's restore into a studio without a history of its own). */
  creditsRestored: boolean;
  /** Delivery links that were taken on this instance and got a new one. */
  renamedLinks: { from: string; to: string }[];
};

/** GET /api/import's answer: the studio's latest import. */
export type ImportState = {
  id: string;
  status: ImportStatus;
  fileName: string;
  totalBytes: number;
  doneBytes: number;
  summary: ImportSummary | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};
