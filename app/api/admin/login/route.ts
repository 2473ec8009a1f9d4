// POST /api/admin/login — { email, password, role? } → { token, data: { role, plan, … }, message }
// Rate-limited per client IP and per email (429 with Retry-After).
import { publicRoute, parseJson } from "@/lib/http";
import { loginSchema } from "@/lib/validation/auth";
import { authenticate, adminDetails } from "@/lib/services/accounts";
import { signBearerToken } from "@/lib/auth/token";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/security/client-ip";
import { enforceRateLimit, rateKeys } from "@/lib/security/rate-limit";

export const POST = publicRoute(async ({ req }) => {
  const input = await parseJson(req, loginSchema);
  await enforceRateLimit(rateKeys("login", clientIp(req.headers), input.email));
  const admin = await authenticate(input);
  const token = await signBearerToken({ sub: admin.id, sv: admin.sessionVersion }, env().AUTH_SECRET);
  return { token, data: adminDetails(admin), message: "Login successful" };
});
