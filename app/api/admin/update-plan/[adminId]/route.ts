// PUT /api/admin/update-plan/:adminId (own id only; another id → 404) — { type: "purchased", sessionId }
// applies a verified payment; { type: "used", credits, purpose } spends the studio's own credits (an
// Idempotency-Key header makes a retry apply once). Never adds credits on its own word.
import { parseWith, route } from "@/lib/http";
import { doors } from "@/lib/contract";
import { idempotencyKeySchema } from "@/lib/validation/payments";
import { spendCredits, verifySession } from "@/lib/services/money";

export const PUT = route(doors.payments.updatePlan, async ({ req, body, actor }) => {
  if (body.type === "purchased") return verifySession(actor, body.sessionId);
  const key = parseWith(idempotencyKeySchema, req.headers.get("idempotency-key") ?? undefined);
  return spendCredits(actor, body.credits, body.purpose, key);
});
