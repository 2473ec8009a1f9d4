// Checkout, fulfillment and subscriptions. Whatever the path (the success page, a webhook, a
// retry), a payment is applied exactly once, and only by the provider that created it: its row is
// claimed with a conditional update in the same transaction that grants the credits through the
// ledger (lib/services/money/credits.ts, keyed by the session).
import "@/lib/server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { invalidateStudioGalleries } from "@/lib/services/public";
import * as credits from "@/lib/services/money/credits";
import { storedBytes } from "@/lib/services/money/stored-now";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { bytesToMb, mbToBytes } from "@/lib/format";
import { graceEndFor, packItem, PLAN_LABELS, subscriptionItem, type CatalogueItem } from "@/lib/services/money/rules/plans";
import { mailPlanEnding, recordPlanEnded, type PendingMail } from "@/lib/services/money/plan-lapse";
import { deliverMail } from "@/lib/mail";
import { paymentProvider, providerById, testPaymentsEnabled } from "@/lib/payments";
import type { CheckoutState, PaymentProvider } from "@/lib/payments/types";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { CreditHistory } from "@/lib/page-props/billing";
import type { z } from "zod";
import type { makePaymentSchema } from "@/lib/validation/payments";
import { log } from "@/lib/log";
import { isId } from "@/lib/ids";
import { accountPath } from "@/lib/routes";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Invoices a little early still start a new allotment year (monthly periods are ≥ 28 days apart). */
const ALLOTMENT_TOLERANCE_MS = 2 * 24 * 60 * 60 * 1000;

function resolveItem(input: z.output<typeof makePaymentSchema>): CatalogueItem {
  if (input.mode === "subscription") {
    const item = input.name ? subscriptionItem(input.name) : undefined;
    if (!item) throw new AppError("VALIDATION", TEXTS.invalidSubscriptionPlan);
    return item;
  }
  const item = input.credits !== undefined ? packItem(input.credits) : undefined;
  if (!item) throw new AppError("VALIDATION", TEXTS.invalidCreditPack);
  return item;
}

/** POST /api/admin/makepayment: opens a checkout session and records it as a pending payment. */
export async function startCheckout(actor: Actor, input: z.output<typeof makePaymentSchema>) {
  const item = resolveItem(input);
  // A subscriber changes the plan of the subscription it has; a second subscription is never sold.
  if (item.kind === "subscription" && (await activeSubscription(actor))) return changePlan(actor, item);
  const provider = paymentProvider();
  if (!provider) throw new AppError("payments_not_configured", TEXTS.paymentsNotConfigured);
  const base = env().APP_URL;
  let session: { sessionId: string; url: string | null };
  try {
    session = await provider.createCheckout({
      adminId: actor.id,
      email: actor.email,
      item,
      successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/cancel`,
    });
  } catch (e) {
    log().error({ err: e }, "checkout creation failed");
    throw new AppError("UPSTREAM", TEXTS.paymentError);
  }
  await db.payment.create({
    data: {
      adminId: actor.id,
      provider: provider.id,
      providerSessionId: session.sessionId,
      mode: item.kind === "pack" ? "payment" : "subscription",
      plan: item.plan,
      item: item.id,
      description: item.kind === "pack" ? item.name : `${item.name} — yearly allotment`,
      creditBytes: mbToBytes(item.creditsMb),
      amountCents: item.priceCents,
    },
  });
  return { url: session.url, provider: provider.name };
}

/** Applies a paid checkout once, if `provider` created it. Returns true when this call applied it. */
export async function fulfill(provider: PaymentProvider["id"], sessionId: string, state: CheckoutState): Promise<boolean> {
  if (!state.paid) return false;
  const applied = await db.$transaction(async (tx) => {
    const claimed = await tx.payment.updateMany({
      where: { providerSessionId: sessionId, provider, fulfilledAt: null },
      data: { fulfilledAt: new Date(), status: "PAID", providerCustomerId: state.customerId, providerSubscriptionId: state.subscriptionId },
    });
    if (claimed.count !== 1) return false;
    const p = await tx.payment.findUniqueOrThrow({ where: { providerSessionId: sessionId } });
    await credits.lockStudio(tx, p.adminId);
    const admin = await tx.admin.findUniqueOrThrow({ where: { id: p.adminId }, select: { plan: true } });
    // A pack never downgrades a subscriber; a subscription sets its plan.
    const plan = p.plan === "ON_DEMAND" && (admin.plan === "PRO" || admin.plan === "UNLIMITED") ? admin.plan : p.plan;
    await credits.grant(tx, `payment:${sessionId}`, { adminId: p.adminId, bytes: p.creditBytes, purpose: p.description, amountCents: p.amountCents });
    // A new subscription ends the grace of a plan that lapsed (lib/services/money/plan-lapse.ts).
    const lapse = p.mode === "subscription" ? { lapsedPlan: null, planLapsedAt: null, graceUntil: null } : {};
    await tx.admin.update({ where: { id: p.adminId }, data: { plan, ...lapse } });
    let superseded: { provider: string; providerSubscriptionId: string }[] = [];
    if (p.mode === "subscription" && state.subscriptionId) {
      // Two checkouts paid for two plans (each opened before the other was paid): the newer one
      // stays, the older ends here and at its provider (after this commits). Never two active.
      superseded = await tx.subscription.findMany({
        where: { adminId: p.adminId, status: "ACTIVE", providerSubscriptionId: { not: state.subscriptionId } },
        select: { provider: true, providerSubscriptionId: true },
      });
      await tx.subscription.updateMany({
        where: { adminId: p.adminId, status: "ACTIVE", providerSubscriptionId: { not: state.subscriptionId } },
        data: { status: "CANCELED", cancelAtPeriodEnd: false },
      });
      await tx.subscription.upsert({
        where: { providerSubscriptionId: state.subscriptionId },
        create: {
          adminId: p.adminId,
          provider: p.provider,
          providerSubscriptionId: state.subscriptionId,
          providerCustomerId: state.customerId,
          plan: p.plan,
          allotmentGrantedUntil: new Date(Date.now() + YEAR_MS),
          allotmentBytes: p.creditBytes,
        },
        update: {},
      });
    }
    return { adminId: p.adminId, superseded };
  });
  if (!applied) return false;
  for (const old of applied.superseded) await endAtProvider(old);
  // The plan decides Vidfolio's footer on the studio's galleries.
  await invalidateStudioGalleries(applied.adminId);
  return true;
}

/** Ends a replaced subscription at its provider; a failure is logged for an operator, never thrown at the payer. */
async function endAtProvider(sub: { provider: string; providerSubscriptionId: string }) {
  try {
    await providerById(sub.provider as PaymentProvider["id"])?.cancelSubscription(sub.providerSubscriptionId);
  } catch (e) {
    log().error({ err: e, subscriptionId: sub.providerSubscriptionId }, "a replaced subscription could not be ended at its provider: end it there by hand");
  }
}

/**
 * An upgrade or downgrade of the studio's one subscription: the provider moves
 * the subscription to the new plan's price, prorated, and the studio is on the new plan at once. An
 * upgrade grants what the new plan's yearly allotment adds above what this allotment year already
 * granted; a downgrade takes nothing back. Asking again for the plan it has changes nothing.
 */
async function changePlan(actor: Actor, item: Extract<CatalogueItem, { kind: "subscription" }>) {
  const sub = await activeSubscription(actor);
  if (!sub) throw new AppError("CONFLICT", TEXTS.noSubscription);
  const provider = providerById(sub.provider);
  if (!provider) throw sub.provider === "local" ? new AppError("CONFLICT", TEXTS.testPaymentsOff) : new AppError("payments_not_configured", TEXTS.paymentsNotConfigured);
  const result = { url: `${env().APP_URL}${accountPath("planbill")}?changed=${item.plan}`, provider: provider.name, plan: PLAN_LABELS[item.plan], changed: true };
  if (sub.plan === item.plan) return result;
  try {
    await provider.changeSubscription(sub.providerSubscriptionId, item);
  } catch (e) {
    log().error({ err: e, subscriptionId: sub.providerSubscriptionId }, "plan change failed at the provider");
    throw new AppError("UPSTREAM", TEXTS.paymentError);
  }
  await applyPlanChange(sub.providerSubscriptionId, item.plan, new Date());
  return result;
}

/**
 * Puts the subscription (and its studio) on `plan`, once: the change itself, or the provider's
 * word of it (a webhook), whichever comes first; an event older than the last change is ignored.
 */
export async function applyPlanChange(providerSubscriptionId: string, plan: "PRO" | "UNLIMITED", at: Date): Promise<boolean> {
  const changed = await db.$transaction(async (tx) => {
    const found = await tx.subscription.findUnique({ where: { providerSubscriptionId }, select: { adminId: true } });
    if (!found) return null;
    await credits.lockStudio(tx, found.adminId);
    const sub = await tx.subscription.findUniqueOrThrow({ where: { providerSubscriptionId } });
    if (sub.status !== "ACTIVE" || sub.plan === plan || (sub.planChangedAt && sub.planChangedAt > at)) return null;
    const item = subscriptionItem(plan)!;
    const allotment = mbToBytes(item.creditsMb);
    const extra = allotment - sub.allotmentBytes;
    await tx.subscription.update({ where: { id: sub.id }, data: { plan, planChangedAt: at, allotmentBytes: extra > 0 ? allotment : sub.allotmentBytes } });
    await tx.admin.update({ where: { id: sub.adminId }, data: { plan } });
    if (extra > 0) {
      await credits.grant(tx, `plan-change:${sub.providerSubscriptionId}:${sub.allotmentGrantedUntil.toISOString()}:${plan}`, {
        adminId: sub.adminId,
        bytes: extra,
        purpose: `Upgrade to ${item.name} — yearly allotment difference`,
        amountCents: 0,
      });
    }
    return sub.adminId;
  });
  if (changed) await invalidateStudioGalleries(changed);
  return changed !== null;
}

/** GET /api/admin/verify-session/{id}: asks the provider, and applies the payment if it is paid. */
export async function verifySession(actor: Actor, sessionId: string) {
  const payment = await db.payment.findFirst({ where: { providerSessionId: sessionId, adminId: actor.id } });
  if (!payment) throw notFound();
  // Verified by the provider that created the payment, and only while that provider is enabled.
  const provider = providerById(payment.provider);
  if (!provider) throw payment.provider === "local" ? new AppError("CONFLICT", TEXTS.testPaymentsOff) : new AppError("payments_not_configured", TEXTS.paymentsNotConfigured);
  let state: CheckoutState;
  try {
    state = await provider.getCheckout(sessionId);
  } catch (e) {
    log().error({ err: e, sessionId }, "checkout verification failed");
    throw new AppError("UPSTREAM", "The payment could not be verified. Please try again.");
  }
  await fulfill(provider.id, sessionId, state);
  const after = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
  return {
    paid: after.fulfilledAt !== null,
    metadata: { plan: PLAN_LABELS[after.plan], credits: bytesToMb(after.creditBytes) },
    description: after.description,
    amountCents: after.amountCents,
  };
}

/** A payment of the local test provider, only while that provider is enabled (PAYMENTS_PROVIDER=test). */
async function ownLocalPayment(actor: Actor, sessionId: string) {
  if (!testPaymentsEnabled()) throw new AppError("FORBIDDEN", TEXTS.testPaymentsOff);
  const p = await db.payment.findFirst({ where: { providerSessionId: sessionId, adminId: actor.id, provider: "local" } });
  if (!p) throw notFound();
  return p;
}

/** The local test checkout's Pay button: the "provider" marks the session paid. */
export async function payLocalCheckout(actor: Actor, sessionId: string) {
  await ownLocalPayment(actor, sessionId);
  const paid = await db.payment.updateMany({ where: { providerSessionId: sessionId, provider: "local", status: "PENDING" }, data: { status: "PAID" } });
  const p = await db.payment.findUniqueOrThrow({ where: { providerSessionId: sessionId } });
  if (paid.count === 0 && p.status !== "PAID") throw new AppError("CONFLICT", "This checkout was cancelled.");
  return { url: `/success?session_id=${sessionId}` };
}

/** The local test checkout's Cancel button. */
export async function cancelLocalCheckout(actor: Actor, sessionId: string) {
  await ownLocalPayment(actor, sessionId);
  await db.payment.updateMany({ where: { providerSessionId: sessionId, provider: "local", status: "PENDING" }, data: { status: "CANCELLED" } });
  return { url: "/cancel" };
}

export async function localCheckoutDetails(actor: Actor, sessionId: string) {
  return ownLocalPayment(actor, sessionId);
}

/** The studio's current subscription, if any. */
export function activeSubscription(actor: Actor) {
  return db.subscription.findFirst({ where: { adminId: actor.id, status: "ACTIVE" }, orderBy: { createdAt: "desc" } });
}

/** POST /api/payments/portal: the provider's billing page for a subscriber. */
export async function billingPortal(actor: Actor) {
  const sub = await activeSubscription(actor);
  if (!sub?.providerCustomerId) throw new AppError("CONFLICT", TEXTS.noSubscription);
  const provider = providerById(sub.provider);
  if (!provider) throw sub.provider === "local" ? new AppError("CONFLICT", TEXTS.testPaymentsOff) : new AppError("payments_not_configured", TEXTS.paymentsNotConfigured);
  return provider.createPortal(sub.providerCustomerId, `${env().APP_URL}${accountPath("planbill")}`);
}

/** A yearly allotment for an invoice paid a year (or more) after the last grant. */
export async function grantForInvoice(invoiceId: string, subscriptionId: string, periodStart: Date): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: subscriptionId } });
    if (!sub || sub.status !== "ACTIVE") return false;
    if (periodStart.getTime() < sub.allotmentGrantedUntil.getTime() - ALLOTMENT_TOLERANCE_MS) return false;
    const moved = await tx.subscription.updateMany({
      where: { id: sub.id, allotmentGrantedUntil: sub.allotmentGrantedUntil },
      data: { allotmentGrantedUntil: new Date(Math.max(periodStart.getTime(), sub.allotmentGrantedUntil.getTime()) + YEAR_MS), allotmentBytes: mbToBytes(subscriptionItem(sub.plan)!.creditsMb) },
    });
    if (moved.count !== 1) return false;
    const item = subscriptionItem(sub.plan)!;
    return credits.grant(tx, `invoice:${invoiceId}`, { adminId: sub.adminId, bytes: mbToBytes(item.creditsMb), purpose: `${item.name} — yearly allotment renewed`, amountCents: 0 });
  });
}

/**
 * A subscription ended (at the end of its period, or `endedAt`): the studio falls back to On Demand,
 * and its galleries keep the plan's white-labeling for PLAN_LAPSE_GRACE_DAYS from `endedAt` (the
 * lapse, lib/services/money/plan-lapse.ts). The studio is mailed once, in the same transaction. Nothing
 * is deleted.
 */
export async function endSubscription(subscriptionId: string, endedAt: Date = new Date()): Promise<boolean> {
  const at = new Date(Math.min(endedAt.getTime(), Date.now()));
  const ended = await db.$transaction(async (tx) => {
    const sub = await tx.subscription.findUnique({ where: { providerSubscriptionId: subscriptionId } });
    if (!sub || sub.status === "CANCELED") return null;
    await tx.subscription.update({ where: { id: sub.id }, data: { status: "CANCELED", cancelAtPeriodEnd: false } });
    const graceUntil = graceEndFor(at);
    const lapsed = await tx.admin.updateMany({
      where: { id: sub.adminId, plan: sub.plan },
      data: { plan: "ON_DEMAND", lapsedPlan: sub.plan, planLapsedAt: at, graceUntil },
    });
    // Only a studio that lost its plan here is told (not one whose plan the super admin changed meanwhile).
    const mail: PendingMail | null = lapsed.count === 1 ? await recordPlanEnded(tx, subscriptionId, sub.adminId, sub.plan, at, graceUntil) : null;
    return { adminId: sub.adminId, mail };
  });
  if (!ended) return false;
  if (ended.mail) await deliverMail(ended.mail.row, ended.mail.mail);
  // The galleries keep their white-labeling through the grace; their pages are re-rendered anyway
  // (the studio's plan changed) and again when the grace ends.
  await invalidateStudioGalleries(ended.adminId);
  return true;
}

/** The provider's word of a subscription's state; one set to end (at `endsAt`) mails the studio once what will happen. */
export async function markSubscription(subscriptionId: string, data: { cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }, endsAt: Date | null = null) {
  await db.subscription.updateMany({ where: { providerSubscriptionId: subscriptionId }, data });
  const end = endsAt ?? (data.cancelAtPeriodEnd ? data.currentPeriodEnd : null);
  if (end) await mailPlanEnding(subscriptionId, end);
}

/** The local billing page's "Cancel subscription": the same ending a Stripe webhook applies. */
export async function cancelLocalSubscription(actor: Actor, subscriptionRowId: string) {
  if (!testPaymentsEnabled()) throw new AppError("FORBIDDEN", TEXTS.testPaymentsOff);
  const sub = await db.subscription.findFirst({ where: { id: subscriptionRowId, adminId: actor.id, provider: "local" } });
  if (!sub) throw notFound();
  await endSubscription(sub.providerSubscriptionId);
  return { message: "Subscription cancelled" };
}

/**
 * Spending the studio's own credits (PUT update-plan with type used): never what open uploads
 * reserved, never below zero. `idempotencyKey` (the Idempotency-Key header) makes a retry apply
 * once; without one, each call is a new spend.
 */
export async function spendCredits(actor: Actor, mb: number, purpose: string | undefined, idempotencyKey?: string) {
  const bytes = mbToBytes(mb);
  const key = `spend:${actor.id}:${idempotencyKey ?? randomUUID()}`;
  return db.$transaction(async (tx) => {
    await credits.spend(tx, key, { adminId: actor.id, bytes, purpose: purpose || "Used" });
    const after = await tx.admin.findUniqueOrThrow({ where: { id: actor.id }, select: { creditBytes: true, plan: true } });
    return { credits: bytesToMb(after.creditBytes), plan: PLAN_LABELS[after.plan] };
  });
}

const HISTORY_PAGE_SIZE = 20;

/**
 * The Credit Usage History, newest first, with the figures above it: the balance (purchased and
 * granted minus used), credits used net of refunds (credits.shownCredits), and what the studio's
 * files occupy today (stored-now.ts; it drops on a delete, credits used do not).
 */
export async function creditHistory(actor: Actor, page: number): Promise<CreditHistory> {
  const where = { adminId: actor.id };
  const [[entries, total], sums, stored] = await Promise.all([
    db.$transaction([
      db.creditEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * HISTORY_PAGE_SIZE, take: HISTORY_PAGE_SIZE }),
      db.creditEntry.count({ where }),
    ]),
    credits.ledgerTotals(db, actor.id),
    storedBytes(db, actor.id),
  ]);
  const shown = credits.shownCredits(sums);
  // Charges written before uploads were named in the ledger ("video upload") name their file now.
  const unnamed = entries.filter((e) => e.idempotencyKey?.startsWith("upload:") && /^\w+ upload$/.test(e.purpose ?? ""));
  const uploads = unnamed.length
    ? await db.upload.findMany({ where: { id: { in: unnamed.map((e) => e.idempotencyKey!.slice("upload:".length)).filter(isId) } }, select: { id: true, kind: true, fileName: true, galleryId: true } })
    : [];
  const named = new Map<string, string>();
  for (const u of uploads) named.set(`upload:${u.id}`, await credits.uploadPurpose(db, u));
  return {
    entries: entries.map((e) => ({
      id: e.id,
      date: e.createdAt.toISOString(),
      type: e.type,
      credits: bytesToMb(e.creditBytes),
      purpose: (e.idempotencyKey && named.get(e.idempotencyKey)) || e.purpose || TEXTS.creditKinds[e.type],
      amount: e.amountCents,
    })),
    total,
    page,
    pageSize: HISTORY_PAGE_SIZE,
    purchased: bytesToMb(shown.purchased),
    granted: bytesToMb(shown.granted),
    used: bytesToMb(shown.used),
    balance: bytesToMb(shown.balance),
    storedMb: bytesToMb(stored),
  };
}
