// What the super admin can read of what the app wrote: the mail outbox (every
// message the app sent or tried to send: to, subject, status, error, its HTML and text) and the audit log
// (who did what to whom). Both searchable and paginated, newest first, for super admins only.
// Mails are shown with every secret they carry hidden (lib/mail/redact.ts: every link's parameters):
// reading the outbox must not be a way into an account or a guest's gallery.
import "@/lib/server-only";
import { db, type Prisma } from "@/lib/db";
import { forbidden } from "@/lib/errors";
import { isId } from "@/lib/ids";
import { redactMailText } from "@/lib/mail/redact";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { RecordsQuery } from "@/lib/validation/records";

export const RECORDS_PAGE_SIZE = 25;

function requireSuperadmin(actor: Actor) {
  if (actor.role !== "superadmin") throw forbidden();
}

const contains = (q: string) => ({ contains: q, mode: "insensitive" as const });
/** The rows of one page, newest first, and the count of all: `skip`/`take` and `orderBy` for a findMany. */
const pageOf = (page: number) => ({ orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }], skip: (page - 1) * RECORDS_PAGE_SIZE, take: RECORDS_PAGE_SIZE });
const pagesOf = (total: number, page: number) => ({ total, page, pages: Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE)) });

export async function listMail(actor: Actor, query: RecordsQuery) {
  requireSuperadmin(actor);
  const q = query.q || undefined;
  const where: Prisma.MailMessageWhereInput = q ? { OR: [{ to: contains(q) }, { subject: contains(q) }, { error: contains(q) }] } : {};
  const [rows, total] = await db.$transaction([db.mailMessage.findMany({ where, ...pageOf(query.page) }), db.mailMessage.count({ where })]);
  return {
    ...pagesOf(total, query.page),
    rows: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: redactMailText(m.subject),
      status: m.status,
      provider: m.provider,
      error: m.error === null ? null : redactMailText(m.error),
      html: redactMailText(m.html),
      text: redactMailText(m.text),
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
    })),
  };
}

export async function listAudit(actor: Actor, query: RecordsQuery) {
  requireSuperadmin(actor);
  const q = query.q || undefined;
  // A search matches the actor, the action, or the target (by its id or, for an account, its email).
  const targets = q ? await db.admin.findMany({ where: { OR: [{ email: contains(q) }, { name: contains(q) }, { companyName: contains(q) }] }, select: { id: true }, take: 200 }) : [];
  const isUuid = q && isId(q.toLowerCase());
  const where: Prisma.AuditLogWhereInput = q
    ? {
        OR: [
          { actorEmail: contains(q) },
          { action: contains(q) },
          ...(targets.length ? [{ targetId: { in: targets.map((t) => t.id) } }] : []),
          ...(isUuid ? [{ targetId: q.toLowerCase() }, { actorId: q.toLowerCase() }] : []),
        ],
      }
    : {};
  const [rows, total] = await db.$transaction([db.auditLog.findMany({ where, ...pageOf(query.page) }), db.auditLog.count({ where })]);
  const ids = [...new Set(rows.map((r) => r.targetId).filter((id): id is string => !!id))];
  const names = new Map((await db.admin.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } })).map((a) => [a.id, a.email]));
  return {
    ...pagesOf(total, query.page),
    rows: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      actor: r.actorEmail ?? "system",
      action: r.action,
      target: r.targetId ? (names.get(r.targetId) ?? r.targetId) : null,
      details: r.details === null ? null : JSON.stringify(r.details),
    })),
  };
}
