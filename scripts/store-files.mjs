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

/**
 * Replaces `store.putObject` and `store.deleteObject` (s3rver's FilesystemStore) with ones that
 * neither crash the process nor fail when a write and a delete meet in one folder.
 */
export function hardenStore(store) {
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
