// The super admin's management of client accounts: list, edit, delete. Every action is audited.
import "@/lib/server-only";
import { db } from "@/lib/db";
import { galleryNames, invalidateGalleryPaths, invalidateStudioGalleries } from "@/lib/services/public";
import { AppError, forbidden, notFound, isUniqueViolation } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { audit } from "@/lib/services/platform/audit";
import { adjust, grantStarterAllowance } from "@/lib/services/money";
import { adminDetails } from "@/lib/services/access";
import { deleteStudioObjects } from "@/lib/storage/objects";
import { sendMail } from "@/lib/mail";
import { accountApproved } from "@/lib/mail/templates";
import { bytesToMb, formatBytes, mbToBytes } from "@/lib/format";
import { PLAN_LABELS } from "@/lib/services/money/rules/plans";
import { STATUS_LABELS } from "@/lib/texts/labels";
import { env } from "@/lib/env";
import { ROUTES } from "@/lib/routes";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { AdminStatus, Plan } from "@/generated/prisma/enums";
import type { Prisma } from "@/generated/prisma/client";
import type { z } from "zod";
import type { clientListQuerySchema, clientUpdateSchema } from "@/lib/validation/accounts";

function assertSuperadmin(actor: Actor) {
  if (actor.role !== "superadmin") throw forbidden();
}

const fromLabel = <K extends string>(labels: Record<K, string>, label: string) => (Object.keys(labels) as K[]).find((k) => labels[k] === label)!;

/** A studio waiting for approval: a studio account not (or no longer) active; Approve makes it Active (updateClient). */
const WAITING_FOR_APPROVAL = { role: "admin", status: "NOT_ACTIVE" } satisfies Prisma.AdminWhereInput;

/** Every account but the acting super admin's own, newest first, searched, filtered and paginated. */
export async function listClients(actor: Actor, query: z.output<typeof clientListQuerySchema>) {
  assertSuperadmin(actor);
  const q = query.q;
  const where: Prisma.AdminWhereInput = {
    id: { not: actor.id },
    ...(query.filter === "waiting" ? WAITING_FOR_APPROVAL : {}),
    ...(q
      ? {
          OR: [{ name: { contains: q, mode: "insensitive" } }, { email: { contains: q, mode: "insensitive" } }, { companyName: { contains: q, mode: "insensitive" } }],
        }
      : {}),
  };
  const [rows, total] = await db.$transaction([
    db.admin.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: (query.page - 1) * query.pageSize, take: query.pageSize }),
    db.admin.count({ where }),
  ]);
  return { admins: rows.map(adminDetails), total, page: query.page, pageSize: query.pageSize };
}

/**
 * Applies the super admin's edit. Credits arrive in MB; a change of credits is a ledger adjustment
 * (lib/services/money/credits.ts: one entry, audited as credits.adjust).
 * Switching a studio to Not Active ends its sessions; switching it to Active mails the studio and,
 * the first time for its email, grants the starter allowance (lib/services/money/starter-allowance.ts).
 */
export async function updateClient(actor: Actor, id: string, obj: z.output<typeof clientUpdateSchema>) {
  assertSuperadmin(actor);
  if (id === actor.id && (obj.role !== undefined || obj.status !== undefined)) {
    throw new AppError("CONFLICT", "You cannot change your own role or status.");
  }
  const { status, plan, credits, ...plain } = obj;
  const before = await db.admin.findUnique({ where: { id } });
  if (!before) throw notFound();

  const data: Prisma.AdminUpdateInput = { ...plain };
  const nextStatus: AdminStatus | undefined = status ? fromLabel(STATUS_LABELS, status) : undefined;
  if (nextStatus) data.status = nextStatus;
  if (plan) data.plan = fromLabel<Plan>(PLAN_LABELS, plan);
  const endSessions = (nextStatus === "NOT_ACTIVE" && before.status !== "NOT_ACTIVE") || (obj.role !== undefined && obj.role !== before.role);
  if (endSessions) data.sessionVersion = { increment: 1 };

  const changed = Object.keys(obj).filter((k) => k !== "credits" || mbToBytes(credits!) !== before.creditBytes);
  let granted = false;
  const updated = await db.$transaction(async (tx) => {
    // Through the ledger, under the studio's row lock (a concurrent upload or purchase cannot interleave).
    if (credits !== undefined) await adjust(tx, actor, id, mbToBytes(credits));
    let result;
    try {
      result = await tx.admin.update({ where: { id }, data });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError("email_taken", TEXTS.emailInUse);
      throw e;
    }
    await audit(tx, actor, "client.update", id, { fields: changed });
    if (nextStatus && nextStatus !== before.status) {
      await audit(tx, actor, "client.status", id, { from: STATUS_LABELS[before.status], to: STATUS_LABELS[nextStatus] });
    }
    if (nextStatus === "ACTIVE" && before.status !== "ACTIVE" && result.role === "admin" && (await grantStarterAllowance(tx, id, result.email))) {
      await audit(tx, actor, "credits.starter", id, { mb: bytesToMb(env().STARTER_ALLOWANCE_BYTES) });
      granted = true;
      return tx.admin.findUniqueOrThrow({ where: { id } });
    }
    return result;
  });

  // Status, plan and company name show on (or take down) the studio's galleries.
  await invalidateStudioGalleries(id);
  if (nextStatus === "ACTIVE" && before.status !== "ACTIVE" && updated.role === "admin") {
    // The approval says what the starter allowance is, when this approval gave it.
    await sendMail({ to: updated.email, ...(await accountApproved(updated.name, `${env().APP_URL}${ROUTES.login}`, granted ? formatBytes(env().STARTER_ALLOWANCE_BYTES) : null)) });
  }
  return adminDetails(updated);
}

/** Deletes an account, every row it owns and every object under its storage prefix. */
export async function deleteClient(actor: Actor, id: string) {
  assertSuperadmin(actor);
  if (id === actor.id) throw new AppError("CONFLICT", "You cannot delete your own account.");
  const target = await db.admin.findUnique({ where: { id }, select: { id: true, email: true, role: true, domainUrl: true, galleries: { select: { id: true, customUrl: true } } } });
  if (!target) throw notFound();
  // Objects first: if the store fails, the account stays and the delete can be retried.
  const objects = await deleteStudioObjects(id);
  await db.$transaction([
    db.admin.delete({ where: { id } }),
    db.auditLog.create({ data: { actorId: actor.id, actorEmail: actor.email, targetId: id, action: "client.delete", details: { email: target.email, role: target.role, objects } } }),
  ]);
  await invalidateGalleryPaths(target.galleries.flatMap(galleryNames), [target.domainUrl]);
  return { message: "Account deleted", objects };
}
