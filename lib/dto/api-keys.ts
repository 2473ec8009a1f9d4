// A studio's API keys as the account shows them (lib/services/api-keys.ts builds them): never the
// secret or its hash, except the whole key once, in the answer that created it.
import type { ApiScope } from "@/lib/api-scopes";

export type ApiKeyView = {
  id: string;
  name: string;
  /** `vf_key_<8 characters>`: enough to tell keys apart, nothing to sign in with. */
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  revokedAt: string | null;
};

/** The answer of `POST /api/keys`: the key's view and the whole key, shown this once. */
export type NewApiKey = ApiKeyView & { key: string };
