// Data: a studio's export (everything in one ZIP) and its import back into an empty studio.
// The domain's entry: code outside lib/services/data/ imports this module or rules/, nothing else.
export { cancelImportUpload, completeImportUpload, expireImportUploads, failImport, importPartUrl, importState, runImport, startImportUpload } from "./import-uploads";
export { expireExports, exportDownloadUrl, exportState, failExport, runExport, startExport } from "./studio-export";
export { importStudio, isEmptyStudio } from "./studio-import";
