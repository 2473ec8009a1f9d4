// The S3 client of the process, built from the validated configuration on first use (so importing
// this module, for example during `next build`, needs no storage settings).
import "server-only";
import { S3Client } from "@aws-sdk/client-s3";
import { env } from "@/lib/env";

let cached: S3Client | undefined;

export function s3(): S3Client {
  if (!cached) {
    const e = env();
    cached = new S3Client({
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return cached;
}

export function bucket(): string {
  return env().S3_BUCKET;
}
