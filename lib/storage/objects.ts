// Object operations that the services need. Keys are always built by the server.
import "@/lib/server-only";
import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import { CopyObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { bucket, s3 } from "@/lib/storage/client";
import { unavailableService } from "@/lib/errors";
import { derivedPrefix, isDeletablePrefix, isGalleryFileKey, isStudioId } from "@/lib/storage/keys";

/**
 * Deletes every object under a folder's or a gallery's prefix (`adminId/folderId/` or
 * `adminId/folderId/galleryId/`), up to 1000 at a time. Returns how many objects were deleted.
 */
export async function deletePrefix(prefix: string): Promise<number> {
  if (!isDeletablePrefix(prefix)) throw new Error(`Refusing to delete the storage prefix "${prefix}"`);
  return purge(prefix);
}

/** Deletes a whole studio's objects (when the studio itself is deleted). */
export async function deleteStudioObjects(adminId: string): Promise<number> {
  if (!isStudioId(adminId)) throw new Error(`Refusing to delete the storage of "${adminId}"`);
  return purge(`${adminId}/`);
}

/** Deletes the files derived from a video (thumbnail, renditions). */
export async function deleteDerivedObjects(storageKey: string): Promise<number> {
  if (!isGalleryFileKey(storageKey)) throw new Error(`Refusing to delete files derived from "${storageKey}"`);
  return purge(derivedPrefix(storageKey));
}

/** Deletes the pieces a long film was cut into for its chunked ladder (`<key>.derived/chunks/`). */
export async function deleteVideoChunks(storageKey: string): Promise<number> {
  if (!isGalleryFileKey(storageKey)) throw new Error(`Refusing to delete the chunks of "${storageKey}"`);
  return purge(`${derivedPrefix(storageKey)}chunks/`);
}

async function purge(prefix: string): Promise<number> {
  let deleted = 0;
  let previous = new Set<string>();
  for (;;) {
    // Each round lists from the start again, since what the last round listed is gone by now; so no
    // continuation token is needed. (ListObjects v1 on purpose: the embedded s3rver fails to make
    // v2 continuation tokens on Node 17+, so a v2 listing of more than 1000 keys errors there.)
    const page = await s3().send(new ListObjectsCommand({ Bucket: bucket(), Prefix: prefix, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    if (keys.length === 0) return deleted;
    if (keys.some((k) => previous.has(k))) throw new Error(`Objects under ${prefix} survived their deletion`);
    const res = await s3().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    if (res.Errors?.length) {
      const first = res.Errors[0];
      throw new Error(`Could not delete ${res.Errors.length} object(s) under ${prefix}: ${first.Key} ${first.Code} ${first.Message}`);
    }
    deleted += keys.length;
    previous = new Set(keys);
  }
}

/** Every key under a prefix (for tests, clean-ups and backups). */
export async function listKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let marker: string | undefined;
  for (;;) {
    const page = await s3().send(new ListObjectsCommand({ Bucket: bucket(), Prefix: prefix, Marker: marker, MaxKeys: 1000 }));
    const batch = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    keys.push(...batch);
    if (!page.IsTruncated || batch.length === 0) return keys;
    marker = batch[batch.length - 1];
  }
}

/** What the store says of an object (HeadObject): its size in bytes, type and last write, or null when it does not exist. */
export async function objectFacts(key: string): Promise<{ size: number; contentType: string | null; lastModified: Date | null } | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? null, lastModified: head.LastModified ?? null };
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (e as { name?: string }).name === "NotFound") return null;
    throw e;
  }
}

/** An object's size in bytes and type, or null when it does not exist. */
export async function objectHead(key: string): Promise<{ size: number; contentType: string | null } | null> {
  const facts = await objectFacts(key);
  return facts && { size: facts.size, contentType: facts.contentType };
}

/** The object's size in bytes, or null when it does not exist. */
export async function objectSize(key: string): Promise<number | null> {
  return (await objectHead(key))?.size ?? null;
}

/** The first `bytes` bytes of an object (enough to read an image's header). */
export function readHead(key: string, bytes: number): Promise<Buffer> {
  return readRange(key, 0, bytes);
}

/** `bytes` bytes of an object from `offset` (fewer at its end). */
export async function readRange(key: string, offset: number, bytes: number): Promise<Buffer> {
  const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=${offset}-${offset + bytes - 1}` }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

/**
 * A signed GET of an object on the store's own endpoint, for the worker's ffmpeg (which reads what
 * it needs by ranges: an index, a frame, the streams it copies). Never given to a browser: those get
 * lib/storage/urls.ts's addresses on the media host.
 */
export function workerReadUrl(key: string, expiresIn = 6 * 60 * 60): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn });
}

/** S3's largest single copy (CopyObject) or PUT; a larger file goes up in parts. */
export const SINGLE_PUT_BYTES = 5 * 1024 ** 3;

/** Copies an object to another key inside the store (no byte passes through here); at most SINGLE_PUT_BYTES. */
export async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  await s3().send(
    new CopyObjectCommand({ Bucket: bucket(), Key: to, CopySource: `${bucket()}/${from.split("/").map(encodeURIComponent).join("/")}`, ContentType: contentType, MetadataDirective: "REPLACE" }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/**
 * A short-lived URL the browser PUTs the file to, straight to storage. Its type and exact length are
 * part of the signature (X-Amz-SignedHeaders content-length;content-type;host), so the store refuses
 * a PUT of another type (text/html, an SVG) or size than the one the server allowed.
 */
export function presignPut(key: string, contentType: string, contentLength: number, expiresIn = 15 * 60): Promise<string> {
  const command = new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType, ContentLength: contentLength });
  // The presigner leaves content-type unsigned unless told; content-length must be named too.
  return getSignedUrl(s3(), command, { expiresIn, signableHeaders: new Set(["content-type", "content-length"]) });
}

/** Streams an object to a local file (for processing). */
export async function downloadToFile(key: string, file: string): Promise<void> {
  const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  await pipeline(res.Body as NodeJS.ReadableStream, createWriteStream(file));
}

/** How often a streamed PUT is tried when the connection drops (each a fresh read of the file). */
const STREAM_PUT_ATTEMPTS = 3;

/**
 * The connection to the store dropped. The SDK gives a streamed request's socket error back as a
 * plain Error ("AWS SDK error wrapper for TimeoutError: read ECONNRESET", no code, no $metadata).
 */
export function isDroppedConnection(e: unknown): boolean {
  return unavailableService(e) === "storage" || /\b(ECONNRESET|EPIPE|ETIMEDOUT)\b|socket hang up/.test(String((e as Error | null)?.message ?? ""));
}

/**
 * Stores a local file under a key, read as a stream (memory stays flat whatever its size, and a
 * streamed body is sent with an unsigned payload: no SHA-256 pass over a long film's stream copy
 * before it is sent). Above S3's single-PUT limit, a multipart upload of parts sent four at once.
 */
export async function uploadFile(key: string, file: string, contentType: string, { partsAbove = SINGLE_PUT_BYTES, partBytes = 64 * 1024 * 1024 } = {}): Promise<void> {
  const { size } = await stat(file);
  if (size <= partsAbove) {
    // The SDK cannot send a stream twice, so a dropped connection (a keep-alive socket the store had
    // just closed: "socket hang up") is retried here, with the file read again from its start.
    for (let attempt = 1; ; attempt++) {
      try {
        await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: createReadStream(file, { highWaterMark: 1024 * 1024 }), ContentType: contentType, ContentLength: size }));
        return;
      } catch (e) {
        if (attempt >= STREAM_PUT_ATTEMPTS || !isDroppedConnection(e)) throw e;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }
  await uploadStream(key, createReadStream(file, { highWaterMark: 1024 * 1024 }), contentType, { partBytes, partsAtOnce: 4 });
}

/**
 * Stores a stream of unknown length under a key: a multipart upload of `partBytes` parts, `partsAtOnce`
 * in flight (the memory it holds), aborted with its parts when the stream or the store fails.
 */
export async function uploadStream(key: string, body: Readable, contentType: string, { partBytes = 16 * 1024 * 1024, partsAtOnce = 2 } = {}): Promise<void> {
  await new Upload({ client: s3(), params: { Bucket: bucket(), Key: key, Body: body, ContentType: contentType }, partSize: partBytes, queueSize: partsAtOnce, leavePartsOnError: false }).done();
}

/** Stores a small text (a playlist) under a key. */
export async function uploadText(key: string, text: string, contentType: string): Promise<void> {
  const body = Buffer.from(text, "utf8");
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
}

/** A small stored text (a playlist). */
export async function readText(key: string): Promise<string> {
  const res = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return res.Body!.transformToString("utf8");
}

/** One page (up to 1000, in key order) of the objects under a prefix, with when each was last written. */
export async function listObjectPage(prefix: string, marker?: string): Promise<{ objects: { key: string; lastModified: Date }[]; next: string | null }> {
  const page = await s3().send(new ListObjectsCommand({ Bucket: bucket(), Prefix: prefix, Marker: marker, MaxKeys: 1000 }));
  const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key, lastModified: o.LastModified ?? new Date(0) }] : []));
  return { objects, next: page.IsTruncated && objects.length ? objects[objects.length - 1].key : null };
}

/** Deletes the given objects (at most 1000), in one request. */
export async function deleteObjects(keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  const res = await s3().send(new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
  if (res.Errors?.length) throw new Error(`Could not delete ${res.Errors.length} object(s): ${res.Errors[0].Key} ${res.Errors[0].Code}`);
  return keys.length;
}
