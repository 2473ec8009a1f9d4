// The store credentials media addresses are signed with (lib/storage/urls.ts signs synchronously).
// Static keys (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY) are read from the configuration. Without them
// the AWS SDK's default chain (an ECS task role, an instance profile) hands out temporary keys
// asynchronously: instrumentation.ts loads them at start (lib/storage/media-credentials.ts), and
// they are fetched again in the background before they expire.
import "@/lib/server-only";
import { env } from "@/lib/env";

export type MediaCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string; expiration?: Date };
type Loaded = { creds?: MediaCredentials; load?: () => Promise<MediaCredentials>; loading?: Promise<void> };

const REFRESH_BEFORE_MS = 15 * 60_000;
const loaded = ((globalThis as { __vidfolioMediaCredentials?: Loaded }).__vidfolioMediaCredentials ??= {});

/** Registers the asynchronous source of credentials and loads them once. */
export async function setCredentialSource(load: () => Promise<MediaCredentials>): Promise<void> {
  loaded.load = load;
  loaded.creds = await load();
}

function refresh(): void {
  if (!loaded.load || loaded.loading) return;
  loaded.loading = loaded
    .load()
    .then((c) => void (loaded.creds = c))
    .catch(() => {})
    .finally(() => (loaded.loading = undefined));
}

export function mediaCredentials(): MediaCredentials {
  const e = env();
  if (e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY) return { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY };
  const creds = loaded.creds;
  if (!creds) {
    refresh();
    throw new Error("Media signing credentials are not loaded yet (instrumentation.ts loads the store's credentials at start).");
  }
  if (creds.expiration && creds.expiration.getTime() - Date.now() < REFRESH_BEFORE_MS) refresh();
  return creds;
}
