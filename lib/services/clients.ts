// The super admin's view of the client accounts.
import "server-only";
import { db } from "@/lib/db";
import type { Actor } from "@/lib/auth/actor";
import { forbidden } from "@/lib/errors";

/** Every studio account, newest first. Only a super admin may list them. */
export async function listClients(actor: Actor) {
  if (actor.role !== "superadmin") throw forbidden();
  return db.admin.findMany({ where: { role: "admin" }, orderBy: { createdAt: "desc" } });
}
