// GET  /api/keys → { keys } (never a secret); POST /api/keys { name, scopes } → 201 { key } with the whole key this once.
// A studio signed in: a key never manages keys (lib/contract/integrations.ts, scope none → 403 `scope`).
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { createApiKey, listApiKeys } from "@/lib/services/platform";

export const GET = route(doors.apiKeys.list, async ({ actor }) => ({ keys: await listApiKeys(actor) }));

export const POST = route(doors.apiKeys.create, async ({ actor, body }) => json({ key: await createApiKey(actor, body) }, 201));
