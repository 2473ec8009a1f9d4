// When a Pro or Unlimited plan ends, nothing happens silently and nothing is deleted:
//
//   set to end (cancel at period end) ─ mail "ends on <date>"          ┐ each mail once: its MailOnce
//   a renewal payment failed ────────── mail "payment failed"          │ key is inserted with the mail's
//   the subscription ended ──────────── mail "has ended", grace starts │ record in one transaction, and
//   7 days before the grace ends ────── mail "grace ends on <date>"    ┘ only the inserter sends it
//   the grace ends ──────────────────── the galleries' cached pages are re-rendered (with the footer)
//
// During the grace (Admin.lapsedPlan, planLapsedAt, graceUntil; PLAN_LAPSE_GRACE_DAYS) the studio is
// On Demand but its galleries keep the white-labeling of the plan that ended (lib/services/money/rules/plans.ts
// isWhiteLabel, read at each render, so a late worker never extends it past graceUntil). Custom
// domains are not a plan feature: they keep working before, during and after. Account → Export is
// open on every plan. A new subscription clears the lapse (lib/services/money/payments.ts fulfill).
import "@/lib/server-only";
import { db, type Tx } from "@/lib/db";
import { deliverMail, recordMail, type OutgoingMail } from "@/lib/mail";
import { planLapseMail, type PlanLapseMailProps } from "@/lib/mail/emails/plan-lapse";
import { graceEndFor, PLAN_LABELS, PLAN_LAPSE_REMINDER_DAYS } from "@/lib/services/money/rules/plans";
import { invalidateStudioGalleries } from "@/lib/services/public";
import { accountPath } from "@/lib/routes";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { Plan } from "@/generated/prisma/enums";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The once-only keys (MailOnce) of the four mails. */
export const lapseMailKeys = {
  ending: (providerSubscriptionId: string, endsAt: Date) => `plan-ending:${providerSubscriptionId}:${endsAt.getTime()}`,
  paymentFailed: (invoiceId: string) => `payment-failed:${invoiceId}`,
  ended: (providerSubscriptionId: string) => `plan-ended:${providerSubscriptionId}`,
  graceEnding: (adminId: string, graceUntil: Date) => `grace-ending:${adminId}:${graceUntil.getTime()}`,
};

type MailRow = Awaited<ReturnType<typeof recordMail>>;
export type PendingMail = { row: MailRow; mail: OutgoingMail };

const links = () => ({ exportUrl: new URL(accountPath("export"), env().APP_URL).toString(), planUrl: new URL(accountPath("planbill"), env().APP_URL).toString() });

type Studio = { email: string; name: string };

async function lapseMail(studio: Studio, plan: Plan, props: DistributiveOmit<PlanLapseMailProps, "studioName" | "plan" | "exportUrl" | "planUrl">): Promise<OutgoingMail> {
  const content = await planLapseMail({ ...props, studioName: studio.name, plan: PLAN_LABELS[plan], ...links() } as PlanLapseMailProps);
  return { ...content, to: studio.email };
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Records `mail` under `key` in the caller's transaction: the row to deliver once it commits, or null when the key was taken (sent already). */
async function recordOnce(tx: Tx, key: string, mail: OutgoingMail): Promise<PendingMail | null> {
  const { count } = await tx.mailOnce.createMany({ data: [{ key }], skipDuplicates: true });
  if (count === 0) return null;
  return { row: await recordMail(mail, tx), mail };
}

/** Sends the mail `make` renders once per `key`, whatever the number of callers (a webhook and its retries). */
async function sendOnce(key: string, make: () => Promise<OutgoingMail>): Promise<boolean> {
  if (await db.mailOnce.findUnique({ where: { key }, select: { key: true } })) return false;
  const mail = await make();
  const pending = await db.$transaction((tx) => recordOnce(tx, key, mail));
  if (!pending) return false;
  await deliverMail(pending.row, pending.mail);
  return true;
}

const activeSub = (providerSubscriptionId: string) =>
  db.subscription.findUnique({ where: { providerSubscriptionId }, select: { status: true, plan: true, admin: { select: { email: true, name: true } } } });

/** A subscription set to end at `endsAt` (Stripe's cancel at period end, from its billing portal): the studio is told once what will happen and when. */
export async function mailPlanEnding(providerSubscriptionId: string, endsAt: Date): Promise<boolean> {
  const sub = await activeSub(providerSubscriptionId);
  if (!sub || sub.status !== "ACTIVE") return false;
  return sendOnce(lapseMailKeys.ending(providerSubscriptionId, endsAt), () => lapseMail(sub.admin, sub.plan, { kind: "ending", endsAt, graceUntil: graceEndFor(endsAt) }));
}

/** A renewal payment failed (each invoice mails once, however many retries fail): what happens if it is never paid. */
export async function mailPaymentFailed(invoiceId: string, providerSubscriptionId: string, retryAt: Date | null): Promise<boolean> {
  const sub = await activeSub(providerSubscriptionId);
  if (!sub || sub.status !== "ACTIVE") return false;
  return sendOnce(lapseMailKeys.paymentFailed(invoiceId), () => lapseMail(sub.admin, sub.plan, { kind: "payment-failed", retryAt }));
}

/** An invoice was paid: a failure of it delivered late (webhooks come in any order) mails nothing. */
export async function markInvoicePaid(invoiceId: string): Promise<void> {
  await db.mailOnce.createMany({ data: [{ key: lapseMailKeys.paymentFailed(invoiceId) }], skipDuplicates: true });
}

/** The plan-ended mail, recorded in the transaction that ends the plan (lib/services/money/payments.ts endSubscription). */
export async function recordPlanEnded(tx: Tx, providerSubscriptionId: string, adminId: string, plan: Plan, endedAt: Date, graceUntil: Date): Promise<PendingMail | null> {
  const studio = await tx.admin.findUniqueOrThrow({ where: { id: adminId }, select: { email: true, name: true } });
  return recordOnce(tx, lapseMailKeys.ended(providerSubscriptionId), await lapseMail(studio, plan, { kind: "ended", endedAt, graceUntil }));
}

/**
 * The scheduled job `plan-lapses` (lib/worker/jobs.ts): the reminder mail of each grace ending within
 * PLAN_LAPSE_REMINDER_DAYS (once per lapse), and for each grace over, its galleries' cached pages
 * expired (they render with Vidfolio's footer now) and the lapse cleared. Safe to run concurrently
 * and repeatedly; one studio's failure never stops the others.
 */
export async function runPlanLapses(now: Date = new Date()): Promise<{ reminded: number; ended: number; failed: number }> {
  const result = { reminded: 0, ended: 0, failed: 0 };
  const ending = await db.admin.findMany({
    where: { lapsedPlan: { not: null }, graceUntil: { gt: now, lte: new Date(now.getTime() + PLAN_LAPSE_REMINDER_DAYS * DAY_MS) } },
    select: { id: true, email: true, name: true, lapsedPlan: true, planLapsedAt: true, graceUntil: true },
    orderBy: { id: "asc" },
  });
  for (const a of ending) {
    const graceUntil = a.graceUntil!;
    try {
      const daysLeft = Math.max(1, Math.ceil((graceUntil.getTime() - now.getTime()) / DAY_MS));
      const sent = await sendOnce(lapseMailKeys.graceEnding(a.id, graceUntil), () => lapseMail(a, a.lapsedPlan!, { kind: "grace-ending", endedAt: a.planLapsedAt ?? now, graceUntil, daysLeft }));
      if (sent) result.reminded++;
    } catch (e) {
      result.failed++;
      log().error({ err: e, adminId: a.id }, "plan lapse reminder failed");
    }
  }
  const over = await db.admin.findMany({ where: { graceUntil: { lte: now } }, select: { id: true, graceUntil: true }, orderBy: { id: "asc" } });
  for (const a of over) {
    try {
      // The pages first: were the lapse cleared and this failed, nothing would expire them again.
      await invalidateStudioGalleries(a.id);
      await db.admin.updateMany({ where: { id: a.id, graceUntil: a.graceUntil }, data: { lapsedPlan: null, planLapsedAt: null, graceUntil: null } });
      result.ended++;
    } catch (e) {
      result.failed++;
      log().error({ err: e, adminId: a.id }, "plan lapse grace end failed");
    }
  }
  return result;
}
