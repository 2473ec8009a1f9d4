// POST /api/validate-password — { email, password } → { valid } (the caller's own password only)
import { actorRoute, parseJson } from "@/lib/http";
import { validatePasswordSchema } from "@/lib/validation/accounts";
import { validatePassword } from "@/lib/services/profile";

export const POST = actorRoute(async ({ req, actor }) => {
  const { email, password } = await parseJson(req, validatePasswordSchema);
  return validatePassword(actor, email, password);
});
