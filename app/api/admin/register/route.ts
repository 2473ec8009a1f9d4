// POST /api/admin/register — every sign-up field → { user: { name, email }, message }
// Rate-limited per client IP and per email (429 with Retry-After).
import { publicRoute, parseJson, json } from "@/lib/http";
import { registerSchema } from "@/lib/validation/accounts";
import { register } from "@/lib/services/registration";
import { TEXTS } from "@/lib/texts";
import { clientIp } from "@/lib/security/client-ip";
import { enforceRateLimit, rateKeys } from "@/lib/security/rate-limit";

export const POST = publicRoute(async ({ req }) => {
  const input = await parseJson(req, registerSchema);
  await enforceRateLimit(rateKeys("register", clientIp(req.headers), input.email));
  const admin = await register(input);
  return json({ user: { name: admin.name, email: admin.email }, message: TEXTS.registrationSuccess }, 201);
});
