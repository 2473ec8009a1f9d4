// The one S3 client: the embedded store in development and tests, any S3-compatible service
// (AWS S3, R2, MinIO) in production, chosen by configuration.
import "@/lib/server-only";
import { S3Client } from "@aws-sdk/client-s3";
import { env } from "@/lib/env";

const globalForS3 = globalThis as unknown as { s3?: S3Client };

export function s3(): S3Client {
  if (!globalForS3.s3) {
    const e = env();
    globalForS3.s3 = new S3Client({
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
      credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
      // The SDK's default (WHEN_SUPPORTED) signs the CRC32 of an empty body into every presigned PUT
      // and part URL (x-amz-checksum-crc32=AAAAAA==), which S3, R2 and MinIO then refuse for any real
      // file; the embedded store does not check it. Checksums only where an operation requires one.
      requestChecksumCalculation: "WHEN_REQUIRED",
    });
  }
  return globalForS3.s3;
}

export function bucket(): string {
  return env().S3_BUCKET;
}
