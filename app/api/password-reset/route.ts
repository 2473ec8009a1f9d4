// POST /api/password-reset — { email } → 200 { message }: the same answer whether or not the address
// has an account (a reset link is mailed when it has). Rate-limited per client address and per email.
import { route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { requestPasswordReset } from "@/lib/services/access";
import { secretClient } from "@/lib/security/throttle";

export const POST = route(doors.accounts.passwordReset, async ({ req, body }) => requestPasswordReset(secretClient(req), body.email));
