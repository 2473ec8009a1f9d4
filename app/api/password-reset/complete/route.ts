// POST /api/password-reset/complete — { token, password, confirmPassword } → 200 { message }. The
// token is a secret (the throttle: 429 when guessed at); a used, expired or unknown one is a 401.
// Every session of the account ends.
import { publicRoute } from "@/lib/http";
import { passwordResetSchema } from "@/lib/validation/auth";
import { completePasswordReset } from "@/lib/services/password-reset";
import { applyGrants, secretClient } from "@/lib/security/throttle";
import { json } from "@/lib/http";

export const POST = publicRoute({ body: passwordResetSchema }, async ({ req, body }) => {
  const client = secretClient(req);
  return applyGrants(json(await completePasswordReset(client, body)), client);
});
