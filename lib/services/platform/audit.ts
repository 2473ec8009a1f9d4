// The audit log: who did what to whom, and when.
import "@/lib/server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Tx } from "@/lib/db";

export function audit(tx: Pick<Tx, "auditLog">, actor: Pick<Actor, "id" | "email">, action: string, targetId: string | null, details?: Prisma.InputJsonValue) {
  return tx.auditLog.create({ data: { actorId: actor.id, actorEmail: actor.email, targetId, action, ...(details === undefined ? {} : { details }) } });
}
