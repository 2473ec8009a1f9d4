// POST /api/password-reset/complete — { token, password, confirmPassword } → 200 { message }. The
// token is a secret (the throttle: 429 when guessed at); a used, expired or unknown one is a 401.
// Every session of the account ends.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { completePasswordReset } from "@/lib/services/access";
import { applyGrants, secretClient } from "@/lib/security/throttle";
import { json } from "@/lib/http";

export const POST = route(doors.accounts.passwordResetComplete, async ({ req, body }) => {
  const client = secretClient(req);
  return applyGrants(json(await completePasswordReset(client, body)), client);
});
