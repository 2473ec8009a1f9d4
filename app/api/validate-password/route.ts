// POST /api/validate-password — { email, password } → { valid } (the caller's own password only)
// A password oracle: checked through the secrets throttle (429 with Retry-After).
import { actorRoute } from "@/lib/http";
import { validatePasswordSchema } from "@/lib/validation/accounts";
import { validatePassword } from "@/lib/services/profile";
import { secretClient } from "@/lib/security/throttle";

export const POST = actorRoute({ body: validatePasswordSchema }, async ({ req, body, actor }) => validatePassword(actor, secretClient(req), body));
