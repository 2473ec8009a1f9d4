// POST /api/admin/login — { email, password, role? } → { token, data: { role, plan, … }, message }
import { publicRoute, parseJson } from "@/lib/http";
import { loginSchema } from "@/lib/validation/auth";
import { authenticate, adminDetails } from "@/lib/services/accounts";
import { signBearerToken } from "@/lib/auth/token";
import { env } from "@/lib/env";

export const POST = publicRoute(async ({ req }) => {
  const input = await parseJson(req, loginSchema);
  const admin = await authenticate(input);
  const token = await signBearerToken({ sub: admin.id, sv: admin.sessionVersion }, env().AUTH_SECRET);
  return { token, data: adminDetails(admin), message: "Login successful" };
});
