// POST /api/admin/login — { email, password, role? } → { token, data: { role, plan, … }, message }
// The password is checked through the secrets throttle (per email and per client address; 429
// with Retry-After). The token names a server-side session.
import { json, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { authenticate, adminDetails, startSession } from "@/lib/services/access";
import { signBearerToken } from "@/lib/auth/token";
import { env } from "@/lib/env";
import { applyGrants, secretClient } from "@/lib/security/throttle";

export const POST = route(doors.accounts.login, async ({ req, body: input }) => {
  const client = secretClient(req);
  const admin = await authenticate(client, input);
  const sid = await startSession(admin.id, "bearer");
  const token = await signBearerToken({ sub: admin.id, sv: admin.sessionVersion, sid }, env().AUTH_SECRET);
  return applyGrants(json({ token, data: adminDetails(admin), message: "Login successful" }), client);
});
