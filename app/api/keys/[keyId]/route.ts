// DELETE /api/keys/:keyId → { key } revoked at once (its next request is a 401); another studio's id → 404.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { revokeApiKey } from "@/lib/services/platform";

export const DELETE = route(doors.apiKeys.revoke, async ({ actor, params }) => ({ key: await revokeApiKey(actor, params.keyId) }));
