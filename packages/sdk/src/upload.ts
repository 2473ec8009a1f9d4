// Uploading a film, as docs/api.md "Uploading a film: the guide" describes: up to 5 GB as one PUT
// of the whole file to a presigned address (the simple flow), above that (or when asked) in parts
// (multipart: each part to its own address, its ETag kept exactly as the store gave it, quotes and
// all). The bytes go straight to the store, never through the app. On a failure the upload is
// aborted (the reservation released, what the store holds removed) and the error rethrown.
import type { Client } from "openapi-fetch";
import type { paths } from "./schema.js";

/** The simple flow's limit: one PUT of at most 5 GB (larger files go in parts). */
export const SIMPLE_MAX_BYTES = 5 * 1024 ** 3;
const TYPES: Record<string, string> = { mp4: "video/mp4", mov: "video/quicktime", m4v: "video/x-m4v", webm: "video/webm", mkv: "video/x-matroska" };
const PUT_ATTEMPTS = 3;

export type UploadProgress = { uploadedBytes: number; totalBytes: number };
export type UploadFilmOptions = {
  galleryId: string;
  /** A file's path (Node), its bytes, or a Blob / File. */
  file: string | Uint8Array | Blob;
  /** The name the studio sees (default: the path's or File's name, else "film.mp4"). */
  fileName?: string;
  /** The film's title (default: the app's, from the file name). */
  title?: string;
  /** Force the multipart flow (it is used anyway above 5 GB). */
  multipart?: boolean;
  /** After each stored PUT (the whole file, or a part). */
  onProgress?: (progress: UploadProgress) => void;
};

/** The film the upload made (as complete answers it). */
export type UploadedFilm = paths["/api/products/complete-multipart-upload"]["post"]["responses"][200]["content"]["application/json"]["video"];

async function asBlob(file: UploadFilmOptions["file"]): Promise<{ blob: Blob; name?: string }> {
  if (typeof file === "string") {
    const { openAsBlob } = await import("node:fs");
    // A Blob backed by the file: parts are read from disk as they are sent, never the whole file at once.
    return { blob: await openAsBlob(file), name: file.split(/[\\/]/).pop() };
  }
  if (file instanceof Blob) return { blob: file, name: "name" in file && typeof file.name === "string" ? file.name : undefined };
  return { blob: new Blob([file as Uint8Array<ArrayBuffer>]) };
}

/** PUTs bytes to a presigned address; answers the store's ETag. A dropped connection or a 5xx is tried again. */
async function put(fetcher: typeof fetch, url: string, body: Blob, headers: Record<string, string>): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetcher(url, { method: "PUT", body, headers });
      await res.body?.cancel();
      if (res.ok) return res.headers.get("etag") ?? "";
      if (res.status < 500 || attempt === PUT_ATTEMPTS) throw new Error(`the store answered ${res.status} to the upload's PUT`);
    } catch (e) {
      if (attempt === PUT_ATTEMPTS || (e instanceof Error && e.message.startsWith("the store answered"))) throw e;
    }
    await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
  }
}

export async function uploadFilm(client: Client<paths>, fetcher: typeof fetch, options: UploadFilmOptions): Promise<UploadedFilm> {
  const { blob, name } = await asBlob(options.file);
  const fileName = options.fileName ?? name ?? "film.mp4";
  const extension = fileName.split(".").pop()?.toLowerCase() ?? "";
  const fileType = blob.type || TYPES[extension] || "video/mp4";
  const totalBytes = blob.size;
  const query = { fileName, fileType, fileSize: totalBytes, galleryId: options.galleryId };
  const progress = (uploadedBytes: number) => options.onProgress?.({ uploadedBytes, totalBytes });

  let upload: { fileName: string; uploadId: string } | undefined;
  try {
    let parts: { PartNumber: number; ETag: string }[] | undefined;
    if (!options.multipart && totalBytes <= SIMPLE_MAX_BYTES) {
      const { data: simple } = await client.POST("/api/uploads/simple", { params: { query } });
      upload = { fileName: simple!.fileName, uploadId: simple!.uploadId };
      await put(fetcher, simple!.url, blob, simple!.headers);
      progress(totalBytes);
    } else {
      const { data: started } = await client.POST("/api/products/start-multipart-upload", { params: { query } });
      const { uploadId, partSize, partCount } = started!;
      upload = { fileName: started!.fileName, uploadId };
      parts = [];
      for (let n = 1; n <= partCount; n++) {
        const { data: part } = await client.GET("/api/products/get-part-url", { params: { query: { fileName: upload.fileName, uploadId, partNumber: n } } });
        const slice = blob.slice((n - 1) * partSize, Math.min(totalBytes, n * partSize));
        // Sent back exactly as the store gave it, e.g. "\"9b2cf535f27731c974343645a3985328\"".
        parts.push({ PartNumber: n, ETag: await put(fetcher, part!.url, slice, {}) });
        progress(Math.min(totalBytes, n * partSize));
      }
    }
    // Completing again after a lost answer is safe: the app answers the same film and charges once.
    const { data: done } = await client.POST("/api/products/complete-multipart-upload", { body: { ...upload, ...(parts ? { parts } : {}), ...(options.title ? { title: options.title } : {}) } });
    return done!.video;
  } catch (e) {
    if (upload) await client.POST("/api/products/abort-multipart-upload", { body: upload }).catch(() => undefined);
    throw e;
  }
}
