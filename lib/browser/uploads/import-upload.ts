// An export's ZIP sent from the account page to the store (the studio import), by Uppy's S3 plugin over our
// import doors: the server opens the multipart upload and signs each part, the browser PUTs the
// parts straight to the store (a few at a time, each retried with backoff, paused while offline),
// and completing it queues the import. Cancelling aborts it on the server: nothing is kept.
import AwsS3 from "@uppy/aws-s3";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { multipartParts, multipartUppy } from "@/lib/browser/uploads/multipart";
import { persist, whenOnline } from "@/lib/browser/uploads/network";
import { uploadErrorMessage } from "@/lib/browser/uploads/errors";
import type { ImportState } from "@/lib/contract/studio-data";

type Opened = { importId: string; uploadId: string; key: string };
type Done = { import: ImportState };

export type ImportUpload = { done: Promise<ImportState | null>; cancel: () => void };

export function uploadImport(file: File, onProgress: (percent: number) => void): ImportUpload {
  const stop = new AbortController();
  let opened: Opened | undefined;
  let cancelled = false;
  let result: ImportState | null = null;
  let failure: unknown;
  const uppy = multipartUppy<Done>("studio-import", "[import]");
  uppy.use(AwsS3<Record<string, never>, Done>, {
    ...multipartParts(),
    async createMultipartUpload() {
      await whenOnline(stop.signal);
      const { upload } = await apiCall(doors.studioData.startImport, { body: { fileName: file.name, fileSize: file.size } });
      opened = upload;
      return { key: upload.key, uploadId: upload.uploadId };
    },
    async signPart(_file, { partNumber }) {
      const { url } = await persist(() => apiCall(doors.studioData.importPart, { query: { importId: opened!.importId, partNumber } }), stop.signal);
      return { method: "PUT", url };
    },
    async listParts() {
      return [];
    },
    async completeMultipartUpload(_file, { key, parts }) {
      const body = { importId: opened!.importId, parts: parts.map((p) => ({ ETag: p.ETag!, PartNumber: p.PartNumber! })) };
      const done = await persist(() => apiCall(doors.studioData.completeImport, { body }), stop.signal);
      return { location: key, ...done };
    },
    async abortMultipartUpload() {
      await apiCall(doors.studioData.cancelImport).catch(() => {});
    },
  });
  uppy.on("upload-progress", (_f, p) => p.bytesTotal && onProgress((100 * p.bytesUploaded) / p.bytesTotal));
  uppy.on("upload-success", (_f, response) => {
    result = response.body?.import ?? null;
  });
  uppy.on("upload-error", (_f, error) => {
    failure = error;
  });

  async function run(): Promise<ImportState | null> {
    try {
      uppy.addFile({ name: file.name, type: file.type || "application/zip", data: file, source: "Local" });
      await uppy.upload();
    } catch (error) {
      failure ??= error;
    } finally {
      if (!cancelled) uppy.destroy();
    }
    if (cancelled) return null;
    if (result) return result;
    if (opened) await apiCall(doors.studioData.cancelImport).catch(() => {});
    throw new Error(uploadErrorMessage(failure));
  }

  return {
    done: run(),
    cancel() {
      if (cancelled) return;
      cancelled = true;
      stop.abort();
      uppy.destroy();
      void apiCall(doors.studioData.cancelImport).catch(() => {});
    },
  };
}
