// POST /api/admin/register — every sign-up field → 201 { user: { name, email }, message }, the
// same whether or not the email already had an account (its owner is mailed instead).
// Rate-limited per client address and per email (429 with Retry-After).
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { register } from "@/lib/services/access";
import { TEXTS } from "@/lib/texts";
import { limitAction, secretClient } from "@/lib/security/throttle";

export const POST = route(doors.accounts.register, async ({ req, body }) => {
  await limitAction(secretClient(req), "register", body.email);
  const user = await register(body);
  return json({ user, message: TEXTS.registrationSuccess }, 201);
});
