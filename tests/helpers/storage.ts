// Objects in the integration tests' embedded S3 store.
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { bucket, s3 } from "@/lib/storage/client";

export async function putObjects(keys: string[]) {
  for (const Key of keys) await s3().send(new PutObjectCommand({ Bucket: bucket(), Key, Body: `content of ${Key}` }));
}

export async function listKeys(prefix: string): Promise<string[]> {
  const res = await s3().send(new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

export async function objectExists(Key: string): Promise<boolean> {
  try {
    await s3().send(new GetObjectCommand({ Bucket: bucket(), Key }));
    return true;
  } catch {
    return false;
  }
}

export async function putObject(Key: string, Body: Buffer, ContentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key, Body, ContentType }));
}
