// PUT /api/admin/update-plan/:adminId — { type: "purchased", sessionId } applies a verified payment;
// { type: "used", credits, purpose } spends the studio's own credits (an Idempotency-Key header makes a
// retry apply once). Never adds credits on its own word.
import { studioRoute, parseJson, parseWith } from "@/lib/http";
import { idempotencyKeySchema, updatePlanSchema } from "@/lib/validation/payments";
import { idParam } from "@/lib/validation/common";
import { notFound } from "@/lib/errors";
import { spendCredits, verifySession } from "@/lib/services/payments";

export const PUT = studioRoute<{ adminId: string }>(async ({ req, params, actor }) => {
  if (idParam(params.adminId) !== actor.id) throw notFound();
  const body = await parseJson(req, updatePlanSchema);
  if (body.type === "purchased") return verifySession(actor, body.sessionId);
  const key = parseWith(idempotencyKeySchema, req.headers.get("idempotency-key") ?? undefined);
  return spendCredits(actor, body.credits, body.purpose, key);
});
