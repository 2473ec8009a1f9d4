// POST /api/validate-password — { email, password } → { valid } (the caller's own password only)
// Rate-limited per client IP and per account (429 with Retry-After): it is a password oracle.
import { actorRoute, parseJson } from "@/lib/http";
import { validatePasswordSchema } from "@/lib/validation/accounts";
import { validatePassword } from "@/lib/services/profile";
import { clientIp } from "@/lib/security/client-ip";
import { enforceRateLimit, rateKeys } from "@/lib/security/rate-limit";

export const POST = actorRoute(async ({ req, actor }) => {
  const { email, password } = await parseJson(req, validatePasswordSchema);
  await enforceRateLimit(rateKeys("password-check", clientIp(req.headers), actor.id));
  return validatePassword(actor, email, password);
});
