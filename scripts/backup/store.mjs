// The object store's side of a backup: the media themselves are protected by the provider's
// versioning and replication; the backup keeps a listing of every object, and a restore compares
// the store with it.
import { ListObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import { z } from "zod";

const storeEnv = z.object({
  S3_ENDPOINT: z.string().url({ message: "S3_ENDPOINT must be a URL" }).optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().min(1).default("vidfolio"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { message: 'S3_FORCE_PATH_STYLE must be "true" or "false"' }).optional(),
});

/** The store the app uses, from its S3_* settings (the same variables and defaults as lib/env.ts). */
export function storeFromEnv(env) {
  const parsed = storeEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) throw new Error(`Invalid store settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  const e = parsed.data;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT ?? null,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
  };
}

/**
 * Every object of the bucket (key, size, etag, lastModified), by key, page after page. ListObjects
 * v1 with a marker on purpose, as in lib/storage/objects.ts: the embedded s3rver cannot make v2
 * continuation tokens on Node 17+ (DES is gone from OpenSSL 3), so any truncated v2 page errors.
 */
export async function listObjects(store, { pageSize = 1000 } = {}) {
  const client = new S3Client({ region: store.region, endpoint: store.endpoint ?? undefined, forcePathStyle: store.forcePathStyle, credentials: store.credentials });
  const objects = [];
  try {
    let marker;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket: store.bucket, Marker: marker, MaxKeys: pageSize }));
      const batch = page.Contents ?? [];
      for (const o of batch) {
        objects.push({ key: o.Key, size: o.Size ?? 0, etag: (o.ETag ?? "").replaceAll('"', ""), lastModified: o.LastModified?.toISOString() ?? null });
      }
      if (!page.IsTruncated || batch.length === 0) break;
      marker = batch[batch.length - 1].Key;
    }
  } catch (e) {
    throw new Error(`Cannot list the bucket ${store.bucket}${store.endpoint ? ` at ${store.endpoint}` : ""}: ${e.name}: ${e.message}`);
  } finally {
    client.destroy();
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * The store against a listing: objects missing, objects whose size or etag changed, and objects
 * the listing does not have (written after the backup).
 */
export function compareObjects(expected, actual) {
  const now = new Map(actual.map((o) => [o.key, o]));
  const then = new Set(expected.map((o) => o.key));
  const missing = [];
  const changed = [];
  for (const o of expected) {
    const current = now.get(o.key);
    if (!current) missing.push(o.key);
    else if (current.size !== o.size || current.etag !== o.etag) changed.push({ key: o.key, expected: { size: o.size, etag: o.etag }, actual: { size: current.size, etag: current.etag } });
  }
  const extra = actual.filter((o) => !then.has(o.key)).map((o) => o.key);
  return { missing, changed, extra };
}
