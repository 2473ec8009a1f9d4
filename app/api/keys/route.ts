// GET  /api/keys → { keys: [{ id, name, prefix, scopes, createdAt, lastUsedAt, lastUsedAddress, revokedAt }] } (never a secret)
// POST /api/keys { name, scopes: ("read" | "write" | "uploads" | "insights")[] } → 201 { key: { …, key: "vf_key_…" } }, the whole key this once
// A studio signed in (cookie or sign-in bearer token): a key never manages keys (403 `scope`).
import { json, studioRoute } from "@/lib/http";
import { createApiKeySchema } from "@/lib/validation/api-keys";
import { createApiKey, listApiKeys } from "@/lib/services/api-keys";

export const GET = studioRoute({ scope: "signin" }, async ({ actor }) => ({ keys: await listApiKeys(actor) }));

export const POST = studioRoute({ scope: "signin", body: createApiKeySchema }, async ({ actor, body }) => json({ key: await createApiKey(actor, body) }, 201));
