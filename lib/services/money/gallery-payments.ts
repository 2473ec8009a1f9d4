// Paid delivery: a gallery's price, its guests' payments on the studio's
// own account, and what unlocks when it is paid.
//
// - The studio prices a gallery (setPrice): amount, currency, a deposit already received, a due date
//   and Pay to unlock. A paid gallery is not re-priced unless the studio reopens it explicitly
//   (`reopen: true`, audited). Every change raises `priceVersion`; a checkout already started keeps
//   the amount it started with.
// - A guest pays (startGalleryCheckout): a checkout on the studio's connected account (Stripe
//   Connect, a direct charge with the platform's fee; or the test provider's page), one per guest
//   and price while it is open (a second click goes back to it).
// - The checkout's completion (completeGalleryPayment, from the signed webhook or the test
//   provider's page) makes the gallery paid: once, whatever the order and repetition of events (each
//   step a conditional update; a refund seen first is remembered, EarlyRefund). The previews are
//   dropped, the public page re-rendered, the payer mailed a receipt and the studio told;
//   the receipt and the test checkout page speak the payer's language (a guest's, by
//   lib/services/guests/rules/guest-language.ts; a payer without a personal link, their page's, else the gallery's).
// - A full refund (refundGalleryPayment, `charge.refunded`) relocks a gallery that payment had paid;
//   a partial refund changes nothing. The studio may also mark a gallery paid by hand (markPaid).
import "@/lib/server-only";
import { randomUUID } from "node:crypto";
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { TEXTS } from "@/lib/texts";
import { activityMailChoices, audit, recordActivity } from "@/lib/services/platform";
import { invalidatePublicGallery } from "@/lib/services/public";
import { paymentProvider, providerById, testPaymentsEnabled } from "@/lib/payments";
import { amountDue, isPayLocked, platformFee } from "@/lib/services/money/rules/paid-delivery";
import { studioShownName } from "@/lib/texts/labels";
import { deliveryLink, galleryBaseUrl } from "@/lib/services/galleries/rules/gallery-paths";
import { openGallery } from "@/lib/services/access";
import { dropPreviews, queuePreviews } from "@/lib/services/films";
import { sendMail } from "@/lib/mail";
import { galleryPaidNotice, galleryReceipt } from "@/lib/mail/emails/payment";
import type { ViewerCredentials } from "@/lib/services/access";
import type { PriceInput } from "@/lib/validation/gallery-price";
import type { GalleryPriceDto, AwaitingPaymentDto } from "@/lib/contract/delivery";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Gallery, GalleryPayment } from "@/generated/prisma/client";
import { guestLanguage } from "@/lib/services/guests/rules/guest-language";
import type { ViewerLanguage } from "@/lib/viewer-i18n/types";

/** A guest's open checkout is sent back to while younger than this (Stripe's own live 24 h). */
const REUSE_CHECKOUT_MS = 30 * 60 * 1000;
/** The advisory lock class of a gallery's checkouts (one guest's clicks at once make one checkout). */
const PAY_LOCK_CLASS = 41_004;

type PriceRowOf = Pick<Gallery, "priceAmount" | "priceCurrency" | "priceDeposit" | "priceDueAt" | "payToUnlock" | "paidAt" | "paidBy" | "paidAmount" | "paidVia" | "refundedAt">;

/** The studio's view of a gallery's price and payment. */
function priceView(
  g: PriceRowOf,
  payments: Pick<GalleryPayment, "amount" | "currency" | "state" | "payerEmail" | "createdAt" | "paidAt" | "refundedAt">[] = [],
  previews: GalleryPriceDto["previews"] = null,
): GalleryPriceDto {
  return {
    previews: isPayLocked(g) ? previews : null,
    amount: g.priceAmount,
    currency: g.priceCurrency,
    deposit: g.priceDeposit,
    dueDate: g.priceDueAt?.toISOString().slice(0, 10) ?? null,
    payToUnlock: g.payToUnlock,
    due: g.priceCurrency ? amountDue(g) : 0,
    locked: isPayLocked(g),
    paid: g.paidAt ? { at: g.paidAt.toISOString(), by: g.paidBy, amount: g.paidAmount ?? 0, via: g.paidVia === "hand" ? "hand" : "checkout" } : null,
    refundedAt: g.refundedAt?.toISOString() ?? null,
    payments: payments.map((p) => ({
      amount: p.amount,
      currency: p.currency,
      state: p.state as GalleryPriceDto["payments"][number]["state"],
      payerEmail: p.payerEmail,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      refundedAt: p.refundedAt?.toISOString() ?? null,
    })),
  };
}

async function ownGallery(actor: Actor, galleryId: string, tx: Pick<Tx, "gallery"> = db): Promise<Gallery> {
  const g = await tx.gallery.findFirst({ where: { id: galleryId, adminId: actor.id } });
  if (!g) throw notFound();
  return g;
}

/** GET /api/galleries/gallery/{id}/price: the price, the paid state and the checkouts (newest first). */
export async function galleryPrice(actor: Actor, galleryId: string): Promise<GalleryPriceDto> {
  const g = await ownGallery(actor, galleryId);
  const [payments, films, ready] = await Promise.all([
    db.galleryPayment.findMany({ where: { galleryId: g.id, adminId: actor.id }, orderBy: { createdAt: "desc" }, take: 20 }),
    db.video.count({ where: { galleryId: g.id, adminId: actor.id, status: "READY" } }),
    db.video.count({ where: { galleryId: g.id, adminId: actor.id, status: "READY", previewKey: { not: null } } }),
  ]);
  return priceView(g, payments, { ready, films });
}

/** After a change of what guests may see: previews made when it is held back, dropped when not; the page re-rendered. */
async function afterPayState(g: Pick<Gallery, "id"> & Parameters<typeof isPayLocked>[0]): Promise<void> {
  if (isPayLocked(g)) await queuePreviews(g.id);
  else await dropPreviews(g.id);
  await invalidatePublicGallery(g.id);
}

/**
 * PUT /api/galleries/gallery/{id}/price. A paid gallery (by checkout or by hand) is re-priced only
 * with `reopen: true`: its paid state goes (audited) and, with Pay to unlock, its guests see previews
 * again. Checkouts already started keep their amount (a new `priceVersion` for new ones).
 */
export async function setPrice(actor: Actor, galleryId: string, input: PriceInput): Promise<GalleryPriceDto> {
  const updated = await db.$transaction(async (tx) => {
    const g = await ownGallery(actor, galleryId, tx);
    if (g.paidAt !== null && !input.reopen) throw new AppError("gallery_paid", TEXTS.galleryPrice.paidReopen);
    const next = await tx.gallery.update({
      where: { id: g.id },
      data: {
        priceAmount: input.amount,
        priceCurrency: input.currency,
        priceDeposit: input.deposit,
        priceDueAt: input.dueDate ? new Date(`${input.dueDate}T00:00:00.000Z`) : null,
        payToUnlock: input.payToUnlock,
        priceVersion: { increment: 1 },
        ...(g.paidAt !== null ? { paidAt: null, paidBy: null, paidAmount: null, paidVia: null } : {}),
      },
    });
    await audit(tx, actor, g.paidAt !== null ? "gallery.payment.reopen" : "gallery.price", g.id, {
      amount: input.amount,
      currency: input.currency,
      deposit: input.deposit,
      payToUnlock: input.payToUnlock,
    });
    return next;
  });
  await afterPayState(updated);
  return galleryPrice(actor, updated.id);
}

/** DELETE /api/galleries/gallery/{id}/price: no price any more (a paid gallery only with `reopen`, as a re-pricing). */
export async function removePrice(actor: Actor, galleryId: string, reopen: boolean): Promise<GalleryPriceDto> {
  const updated = await db.$transaction(async (tx) => {
    const g = await ownGallery(actor, galleryId, tx);
    if (g.paidAt !== null && !reopen) throw new AppError("gallery_paid", TEXTS.galleryPrice.paidReopen);
    const next = await tx.gallery.update({
      where: { id: g.id },
      data: {
        priceAmount: null,
        priceCurrency: null,
        priceDeposit: 0,
        priceDueAt: null,
        payToUnlock: false,
        priceVersion: { increment: 1 },
        paidAt: null,
        paidBy: null,
        paidAmount: null,
        paidVia: null,
      },
    });
    await audit(tx, actor, "gallery.price.remove", g.id);
    return next;
  });
  await afterPayState(updated);
  return galleryPrice(actor, updated.id);
}

/** POST /api/galleries/gallery/{id}/mark-paid: paid by hand (cash, a bank transfer), recorded in the audit. Again: nothing more. */
export async function markPaid(actor: Actor, galleryId: string): Promise<GalleryPriceDto> {
  const changed = await db.$transaction(async (tx) => {
    const g = await ownGallery(actor, galleryId, tx);
    if (g.priceAmount === null) throw new AppError("VALIDATION", TEXTS.galleryPrice.noPrice);
    if (g.paidAt !== null) return null;
    const { count } = await tx.gallery.updateMany({
      where: { id: g.id, paidAt: null },
      data: { paidAt: new Date(), paidBy: null, paidAmount: amountDue(g), paidVia: "hand", refundedAt: null },
    });
    if (count === 0) return null;
    await audit(tx, actor, "gallery.payment.markPaid", g.id, { amount: amountDue(g), currency: g.priceCurrency });
    await recordActivity(tx, { adminId: g.adminId, galleryId: g.id, kind: "payment", data: { amount: amountDue(g), currency: g.priceCurrency ?? undefined, byHand: true } });
    return g.id;
  });
  if (changed) await afterPayState(await db.gallery.findUniqueOrThrow({ where: { id: changed } }));
  return galleryPrice(actor, galleryId);
}

/** GET /api/galleries/awaiting-payment: the studio's galleries with something due, oldest due date first. */
export async function awaitingPayment(actor: Actor): Promise<AwaitingPaymentDto[]> {
  const rows = await db.gallery.findMany({
    where: { adminId: actor.id, priceAmount: { not: null }, paidAt: null },
    orderBy: [{ priceDueAt: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }],
    select: { id: true, name: true, customUrl: true, folderId: true, priceAmount: true, priceCurrency: true, priceDeposit: true, priceDueAt: true, payToUnlock: true, paidAt: true },
    take: 200,
  });
  return rows
    .filter((g) => amountDue(g) > 0)
    .map((g) => ({
      galleryId: g.id,
      folderId: g.folderId,
      name: g.name,
      due: amountDue(g),
      currency: g.priceCurrency!,
      dueDate: g.priceDueAt?.toISOString().slice(0, 10) ?? null,
      payToUnlock: g.payToUnlock,
    }));
}

/** Where a guest comes back to after the checkout: the host the request came on when it is one of the studio's gallery hosts, else its delivery link. */
function returnBase(admin: { domainUrl: string | null }, requestHost: string | null): string {
  const e = env();
  const bases = [
    galleryBaseUrl({ domainUrl: admin.domainUrl, galleryBaseUrl: e.GALLERY_BASE_URL, appUrl: e.APP_URL }),
    galleryBaseUrl({ domainUrl: null, galleryBaseUrl: e.GALLERY_BASE_URL, appUrl: e.APP_URL }),
  ];
  return bases.find((b) => requestHost !== null && new URL(b).host === requestHost.toLowerCase()) ?? bases[0];
}

/**
 * POST /api/public/galleries/{slug}/pay → `{ url }`: the checkout of what the gallery's guest owes,
 * on the studio's account. The gate first (a locked, expired or missing gallery: its refusal); then
 * 409 when nothing is due (paid, or no price), 409 `payouts_not_ready` when the studio cannot take
 * payments. A guest's personal link prefills their e-mail. The same guest asking again while their
 * checkout is open (a double click, a second tab) is sent to that one.
 */
export async function startGalleryCheckout(slug: string, credentials: ViewerCredentials, requestHost: string | null = null, pageLanguage: string | null = null): Promise<{ url: string }> {
  const { gallery, decision } = await openGallery(slug, credentials);
  const due = amountDue(gallery);
  if (gallery.priceAmount === null || gallery.priceCurrency === null || due <= 0) throw new AppError("CONFLICT", TEXTS.galleryPrice.nothingDue);
  const account = await db.payoutAccount.findUnique({ where: { adminId: gallery.adminId } });
  const provider = account ? providerById(account.provider) : null;
  if (!account || !provider || !account.chargesEnabled || provider.id !== paymentProvider()?.id) throw new AppError("payouts_not_ready", TEXTS.galleryPrice.studioCannotTakePayments);
  const invite = decision.guest ? await db.galleryInvite.findUnique({ where: { id: decision.guest.inviteId }, select: { id: true, email: true, language: true, browserLanguage: true } }) : null;
  const base = returnBase(gallery.admin, requestHost);
  const page = deliveryLink(base, gallery.customUrl);

  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT pg_advisory_xact_lock(${PAY_LOCK_CLASS}::int, hashtext(${`${gallery.id}:${invite?.id ?? "-"}`}))::text`;
      const open = await tx.galleryPayment.findFirst({
        where: { galleryId: gallery.id, inviteId: invite?.id ?? null, state: "open", priceVersion: gallery.priceVersion, amount: due, createdAt: { gt: new Date(Date.now() - REUSE_CHECKOUT_MS) } },
        orderBy: { createdAt: "desc" },
      });
      if (open) return { url: open.url };
      const id = randomUUID();
      const feeAmount = platformFee(due, env().PLATFORM_FEE_PERCENT);
      const session = await provider.connect.createPayment({
        accountId: account.accountId,
        amount: due,
        currency: gallery.priceCurrency!,
        feeAmount,
        email: invite?.email ?? null,
        name: `${gallery.title || gallery.name} – ${studioShownName(gallery.admin)}`.slice(0, 250),
        metadata: { galleryPaymentId: id, galleryId: gallery.id },
        successUrl: `${page}#pay=done`,
        cancelUrl: `${page}#pay=cancelled`,
        idempotencyKey: `gallery-pay:${id}`,
        language: payerLanguageOf(invite, pageLanguage, gallery.settingLanguage),
      });
      await tx.galleryPayment.create({
        data: {
          id,
          galleryId: gallery.id,
          adminId: gallery.adminId,
          provider: provider.id,
          accountId: account.accountId,
          sessionId: session.sessionId,
          url: session.url,
          amount: due,
          currency: gallery.priceCurrency!,
          feeAmount,
          priceVersion: gallery.priceVersion,
          payerEmail: invite?.email ?? null,
          inviteId: invite?.id ?? null,
          language: pageLanguage,
        },
      });
      return { url: session.url };
    },
    { timeout: 30_000 },
  );
}

/** What a checkout's completion says (the webhook's session, or the test provider's page). */
export type CompletedCheckout = { provider: string; sessionId: string; paid: boolean; paymentIntent: string | null; payerEmail: string | null };

/**
 * A checkout completed and paid: the payment is `paid` (once), and the gallery paid unless it was
 * already (another guest, by hand) or the payment was refunded before this was seen. Returns whether
 * this call made the gallery paid.
 */
export async function completeGalleryPayment(done: CompletedCheckout): Promise<boolean> {
  if (!done.paid) return false;
  const result = await db.$transaction(async (tx) => {
    const early = done.paymentIntent ? await tx.earlyRefund.findUnique({ where: { paymentIntent: done.paymentIntent } }) : null;
    const now = new Date();
    const { count } = await tx.galleryPayment.updateMany({
      where: { provider: done.provider, sessionId: done.sessionId, state: { in: ["open", "expired"] } },
      data: early
        ? { state: "refunded", paidAt: now, refundedAt: early.createdAt, paymentIntent: done.paymentIntent }
        : { state: "paid", paidAt: now, paymentIntent: done.paymentIntent, ...(done.payerEmail ? { payerEmail: done.payerEmail.slice(0, 320) } : {}) },
    });
    if (count === 0 || early) return null;
    const payment = await tx.galleryPayment.findUniqueOrThrow({ where: { sessionId: done.sessionId } });
    const unlocked = await tx.gallery.updateMany({
      where: { id: payment.galleryId, paidAt: null },
      data: { paidAt: now, paidBy: payment.payerEmail, paidAmount: payment.amount, paidVia: "checkout", refundedAt: null },
    });
    await recordActivity(tx, {
      adminId: payment.adminId,
      galleryId: payment.galleryId,
      kind: "payment",
      who: payment.payerEmail,
      data: { amount: payment.amount, currency: payment.currency },
      key: `payment:${payment.id}`,
      at: now,
    });
    return { payment, unlocked: unlocked.count > 0 };
  });
  if (!result) return false;
  const g = await db.gallery.findUniqueOrThrow({ where: { id: result.payment.galleryId }, include: { admin: true } });
  if (result.unlocked) await afterPayState(g);
  await paymentMails(g, result.payment).catch((err) => log().warn({ err, paymentId: result.payment.id }, "payment mails could not be sent"));
  return result.unlocked;
}

/**
 * The payer's language (their receipt, the checkout page), by the guests' one rule: the language the
 * studio set on their personal link's guest, else the page's they paid from (else the one their
 * link last used), else the gallery's. A payer without a personal link: their page's, else the gallery's.
 */
function payerLanguageOf(invite: { language: string | null; browserLanguage: string | null } | null, pageLanguage: string | null, galleryLanguage: string): ViewerLanguage {
  return guestLanguage({ language: invite?.language ?? null, browserLanguage: pageLanguage ?? invite?.browserLanguage ?? null }, galleryLanguage);
}

async function payerLanguage(p: Pick<GalleryPayment, "inviteId" | "language">, galleryLanguage: string): Promise<ViewerLanguage> {
  const invite = p.inviteId ? await db.galleryInvite.findUnique({ where: { id: p.inviteId }, select: { language: true, browserLanguage: true } }) : null;
  return payerLanguageOf(invite, p.language, galleryLanguage);
}

async function paymentMails(g: Gallery & { admin: { email: string; name: string; companyName: string; domainUrl: string | null } }, p: GalleryPayment): Promise<void> {
  const e = env();
  const link = deliveryLink(galleryBaseUrl({ domainUrl: g.admin.domainUrl, galleryBaseUrl: e.GALLERY_BASE_URL, appUrl: e.APP_URL }), g.customUrl);
  const common = { studioName: studioShownName(g.admin), galleryTitle: g.title || g.name, amount: p.amount, currency: p.currency, paidAt: p.paidAt ?? new Date() };
  if (p.payerEmail) await sendMail({ to: p.payerEmail, ...(await galleryReceipt({ ...common, galleryUrl: link, language: await payerLanguage(p, g.settingLanguage) })) });
  // The studio's notice, unless it chose to read payments in its digest or not be mailed (its activity feed has it).
  if ((await activityMailChoices(g.adminId)).payment !== "now") return;
  await sendMail({ to: g.admin.email, ...(await galleryPaidNotice({ ...common, payerEmail: p.payerEmail, studioUrl: `${e.APP_URL.replace(/\/+$/, "")}/studio` })) });
}

/** A checkout that expired unpaid (`checkout.session.expired`): no longer sent back to. */
export async function expireGalleryPayment(provider: string, sessionId: string): Promise<boolean> {
  const { count } = await db.galleryPayment.updateMany({ where: { provider, sessionId, state: "open" }, data: { state: "expired" } });
  return count > 0;
}

/**
 * A refund of a payment intent (`charge.refunded`). Only a full refund counts: the payment becomes
 * `refunded` and, when it is what paid its gallery, the gallery is unpaid again (relocked with Pay to
 * unlock). A refund of a payment not known yet (its completion not seen) is remembered.
 */
export async function refundGalleryPayment(paymentIntent: string, full: boolean): Promise<boolean> {
  if (!full) return false;
  const galleryId = await db.$transaction(async (tx) => {
    const payment = await tx.galleryPayment.findUnique({ where: { paymentIntent } });
    if (!payment) {
      await tx.earlyRefund.createMany({ data: [{ paymentIntent }], skipDuplicates: true });
      return null;
    }
    const { count } = await tx.galleryPayment.updateMany({ where: { id: payment.id, state: "paid" }, data: { state: "refunded", refundedAt: new Date() } });
    if (count === 0) return null;
    await recordActivity(tx, {
      adminId: payment.adminId,
      galleryId: payment.galleryId,
      kind: "refund",
      who: payment.payerEmail,
      data: { amount: payment.amount, currency: payment.currency, full: true },
      key: `refund:${payment.id}`,
    });
    // Still paid by another payment of the same gallery (two guests both paid): it stays paid.
    const other = await tx.galleryPayment.findFirst({ where: { galleryId: payment.galleryId, state: "paid" } });
    if (other) {
      await tx.gallery.updateMany({ where: { id: payment.galleryId, paidVia: "checkout" }, data: { paidBy: other.payerEmail, paidAmount: other.amount, paidAt: other.paidAt ?? new Date() } });
      return null;
    }
    const relocked = await tx.gallery.updateMany({
      where: { id: payment.galleryId, paidVia: "checkout", paidAt: { not: null } },
      data: { paidAt: null, paidBy: null, paidAmount: null, paidVia: null, refundedAt: new Date() },
    });
    return relocked.count > 0 ? payment.galleryId : null;
  });
  if (galleryId) await afterPayState(await db.gallery.findUniqueOrThrow({ where: { id: galleryId } }));
  return galleryId !== null;
}

/** The test provider's checkout page of a guest's payment: what it shows (PAYMENTS_PROVIDER=test only; else 404). */
export async function localGalleryCheckout(sessionId: string) {
  const p = await db.galleryPayment.findFirst({
    where: { provider: "local", sessionId },
    include: { gallery: { select: { title: true, name: true, customUrl: true, settingLanguage: true, admin: { select: { name: true, companyName: true, domainUrl: true } } } } },
  });
  if (!p || !testPaymentsEnabled()) throw notFound();
  const e = env();
  const page = deliveryLink(galleryBaseUrl({ domainUrl: p.gallery.admin.domainUrl, galleryBaseUrl: e.GALLERY_BASE_URL, appUrl: e.APP_URL }), p.gallery.customUrl);
  return {
    sessionId: p.sessionId,
    amount: p.amount,
    currency: p.currency,
    state: p.state,
    email: p.payerEmail,
    title: p.gallery.title || p.gallery.name,
    studio: studioShownName(p.gallery.admin),
    page,
    language: await payerLanguage(p, p.gallery.settingLanguage),
  };
}

/**
 * POST /api/payments/local/pay/{sessionId} (the test provider's Pay) → `{ url }` back to the gallery:
 * the same completion as Stripe's webhook. `email`: what the payer typed when not prefilled.
 */
export async function payLocalGalleryCheckout(sessionId: string, email: string | null): Promise<{ url: string }> {
  const c = await localGalleryCheckout(sessionId);
  await completeGalleryPayment({ provider: "local", sessionId, paid: true, paymentIntent: `local_pi_${sessionId.slice("local_gcs_".length)}`, payerEmail: c.email ?? email });
  return { url: `${c.page}#pay=done` };
}

/** The test provider's Cancel → `{ url }` back to the gallery (nothing charged, the checkout expired). */
export async function cancelLocalGalleryCheckout(sessionId: string): Promise<{ url: string }> {
  const c = await localGalleryCheckout(sessionId);
  await expireGalleryPayment("local", sessionId);
  return { url: `${c.page}#pay=cancelled` };
}
