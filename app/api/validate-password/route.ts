// POST /api/validate-password — { email, password } → { valid } (the caller's own password only)
// A password oracle: checked through the secrets throttle (429 with Retry-After).
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { validatePassword } from "@/lib/services/studio";
import { secretClient } from "@/lib/security/throttle";

export const POST = route(doors.accounts.validatePassword, async ({ req, body, actor }) => validatePassword(actor, secretClient(req), body));
