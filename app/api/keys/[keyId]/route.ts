// DELETE /api/keys/:keyId → { key } revoked at once (the next request with it is a 401); another studio's id → 404.
// A studio signed in (cookie or sign-in bearer token): a key never revokes keys (403 `scope`).
import { studioRoute } from "@/lib/http";
import { apiKeyPathSchema } from "@/lib/validation/api-keys";
import { revokeApiKey } from "@/lib/services/api-keys";

export const DELETE = studioRoute({ scope: "signin", params: apiKeyPathSchema }, async ({ actor, params }) => ({ key: await revokeApiKey(actor, params.keyId) }));
