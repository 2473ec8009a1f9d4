// Loads the store credentials of the AWS SDK's default chain for signing media addresses, when no
// static keys are configured (called from instrumentation.ts when the server starts).
import "@/lib/server-only";
import { env } from "@/lib/env";
import { s3 } from "@/lib/storage/client";
import { setCredentialSource } from "@/lib/storage/media-credentials-cache";

export async function loadMediaCredentials(): Promise<void> {
  const e = env();
  if (e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY) return;
  await setCredentialSource(async () => {
    const c = await s3().config.credentials();
    return { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken, expiration: c.expiration };
  });
}
