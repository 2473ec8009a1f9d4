// The app's settings for a command-line tool's services (npm run export / import / backfill:shapes)
// to talk to the database and store that scripts/backup/targets.mjs found for it.
import path from "node:path";
import type { Targets } from "./backup/cli.mjs";
import { persistentSecret } from "./embedded.mjs";

/** The app's settings for the services to talk to these targets. */
export function useTargets(t: Targets) {
  process.env.DATABASE_URL = t.databaseUrl;
  if (!process.env.S3_BUCKET) {
    Object.assign(process.env, {
      S3_BUCKET: t.store.bucket,
      S3_REGION: t.store.region,
      S3_FORCE_PATH_STYLE: String(t.store.forcePathStyle),
      ...(t.store.endpoint ? { S3_ENDPOINT: t.store.endpoint } : {}),
      ...(t.store.credentials ? { S3_ACCESS_KEY_ID: t.store.credentials.accessKeyId, S3_SECRET_ACCESS_KEY: t.store.credentials.secretAccessKey } : {}),
    });
  }
  process.env.AUTH_SECRET ||= process.env.NEXTAUTH_SECRET || persistentSecret(path.resolve(process.env.VIDFOLIO_DATA_DIR || ".data"));
}
