// What every multipart upload to the store by Uppy's S3 plugin shares (a film, an export's ZIP): a
// headless Uppy whose failures are console warnings (they reach the studio on its own bar, not as
// page errors), and the parts' size, how many go at once and how each is retried.
import Uppy, { type Body } from "@uppy/core";
import { UPLOAD_LIMITS, multipartPartSize } from "@/lib/limits";

export function multipartUppy<B extends Body>(id: string, tag: string): Uppy<Record<string, never>, B> {
  const warn = (...m: unknown[]) => console.warn(tag, ...m);
  return new Uppy<Record<string, never>, B>({ id, autoProceed: false, allowMultipleUploadBatches: false, logger: { debug: () => {}, warn, error: warn } });
}

/** The S3 plugin's part settings: slice size by the file's size, parts in flight, retry delays. */
export const multipartParts = () => ({
  shouldUseMultipart: true as const,
  getChunkSize: (f: { size: number | null }) => multipartPartSize(f.size ?? 0),
  limit: UPLOAD_LIMITS.partsInFlight,
  retryDelays: [...UPLOAD_LIMITS.partRetryDelaysMs],
});
