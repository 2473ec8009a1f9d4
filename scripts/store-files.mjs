// The embedded store's file writes, made safe against its own deletes. s3rver writes an object by
// creating its folder and then opening the file, with no listener for the write stream's errors;
// deleting another object in that folder meanwhile prunes the folder as empty, the open fails with
// ENOENT, and the unhandled error ends the process that runs the store (jest's parent process, CI,
// 2026-11-28: a film's derived files written while a sibling was deleted). Here the file is opened
// first, the folder made again if it was pruned between, and every stream's error is the request's.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Opens `file` for writing, creating its folder, again if a delete pruned it (or a parent) meanwhile. */
export async function openCreatingFolder(file, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      return await fsp.open(file, "w");
    } catch (err) {
      if (err?.code !== "ENOENT" || attempt >= attempts) throw err;
    }
  }
}

/** Writes `content` (a Buffer or a stream) to `file`; resolves to its size and MD5 (hex). */
export async function writeObjectFile(file, content) {
  const handle = await openCreatingFolder(file);
  const md5 = crypto.createHash("md5");
  let size = 0;
  const count = new Transform({
    transform(chunk, encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(content) ? Readable.from([content], { objectMode: false }) : content;
  // The write stream owns the handle from here and closes it, on success and on error alike.
  await pipeline(source, count, fs.createWriteStream("", { fd: handle }));
  return { size, md5: md5.digest("hex") };
}

const gone = (err) => err?.code === "ENOENT";

/**
 * Removes the empty folders of `key` under `bucketPath`, deepest first, as s3rver does after a
 * delete; a folder a racing delete already removed, or a racing write filled, ends the pruning
 * instead of failing a delete that has done its work.
 */
export async function pruneEmptyFolders(bucketPath, key) {
  const parts = key.split("/").slice(0, -1);
  for (; parts.length; parts.pop()) {
    try {
      await fsp.rmdir(path.join(bucketPath, ...parts));
    } catch (err) {
      if (gone(err) || err?.code === "ENOTEMPTY" || err?.code === "EEXIST") return;
      throw err;
    }
  }
}

/** The folder s3rver keeps a multipart upload's parts in. */
const uploadDir = (store, bucket, uploadId) => path.join(store.getResourcePath(bucket, undefined, "uploads"), uploadId);
/** s3rver's upload ids: 32 hex characters (anything else names no folder of ours). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Replaces `store.putObject`, `store.deleteObject` and `store.putPart` (s3rver's FilesystemStore)
 * with ones that neither crash the process nor fail when a write and a delete meet in one folder,
 * and that end a part's write when its request ends without its body.
 *
 * s3rver piped a part's request into its file with no listener for the request being cut off (a
 * tab closed mid-part): the write never settled, and the gate (scripts/store-gate.mjs), which makes
 * completing and aborting an upload wait for its part writes, then held every later completion and
 * abort of that upload for ever — a resumed upload reached 99 % and never completed (resumed
 * uploads). Here a part is written to a file of its own and renamed into place only once whole, so a cut
 * one fails its request, leaves nothing, and never clobbers the part stored before it.
 */
export function hardenStore(store) {
  store.putPart = async function putPart(bucket, uploadId, partNumber, content) {
    const file = path.join(uploadDir(this, bucket, uploadId), String(partNumber));
    const partial = `${file}.${crypto.randomBytes(6).toString("hex")}.partial`;
    try {
      const { size, md5 } = await writeObjectFile(partial, content);
      await fsp.writeFile(`${file}.md5`, md5);
      await fsp.rename(partial, file);
      return { size, md5 };
    } catch (err) {
      await fsp.unlink(partial).catch(() => {});
      throw err;
    }
  };
  store.putObject = async function putObject(object) {
    const file = this.getResourcePath(object.bucket, object.key, "object");
    const { size, md5 } = await writeObjectFile(file, object.content);
    await this.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size, md5 };
  };
  store.deleteObject = async function deleteObject(bucket, key) {
    const files = ["object", "object.md5", "metadata.json"].map((resource) => this.getResourcePath(bucket, key, resource));
    await Promise.all(files.map((file) => fsp.unlink(file).catch((err) => (gone(err) ? undefined : Promise.reject(err)))));
    await pruneEmptyFolders(this.getBucketPath(bucket), key);
  };
  return store;
}

/**
 * A Koa middleware for s3rver (after the gate, which has checked the signature and serialises the
 * upload's calls): AbortMultipartUpload, which s3rver does not implement (it answered 405, and the
 * parts of a cancelled or discarded upload stayed on disk for ever). Removes the upload's parts;
 * 204 as S3 answers, 404 NoSuchUpload for an upload it does not hold.
 */
export function abortUploads(store) {
  return async function abort(ctx, next) {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || typeof uploadId !== "string") return next();
    const bucket = ctx.path.split("/")[1] ?? "";
    const folder = UPLOAD_ID.test(uploadId) && bucket ? uploadDir(store, decodeURIComponent(bucket), uploadId) : null;
    if (!folder || !fs.existsSync(folder)) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    await fsp.rm(folder, { recursive: true, force: true });
    ctx.status = 204;
  };
}
