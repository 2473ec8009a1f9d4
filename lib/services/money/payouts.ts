// The studio's own payment account (Paid delivery): its clients pay the studio, not Vidfolio.
// Account → Payments connects it: Stripe Connect (an Express account onboarded through Stripe's
// Account Links; its state from `account.updated` webhooks, and read from Stripe when the studio
// opens the page while it is not enabled yet), or the local test provider's stand-in under
// PAYMENTS_PROVIDER=test (its own onboarding page, lib/payments/local.ts). One account per studio
// (PayoutAccount, unique by studio); its state is written only here, and an older event never
// overwrites a newer state (`stateAt`).
import "@/lib/server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { log } from "@/lib/log";
import { paymentProvider, providerById, testPaymentsEnabled } from "@/lib/payments";
import { accountPath } from "@/lib/routes";
import type { ConnectedAccountState } from "@/lib/payments/types";
import type { PayoutAccount } from "@/generated/prisma/client";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { PayoutStateDto } from "@/lib/contract/payments";

/** What the studio's account allows: nothing yet, details being filled in, held back by the provider, or taking payments. */
function payoutStage(row: Pick<PayoutAccount, "chargesEnabled" | "payoutsEnabled" | "detailsSubmitted" | "disabledReason"> | null): PayoutStateDto["state"] {
  if (!row) return "not_connected";
  if (row.chargesEnabled && row.payoutsEnabled) return "enabled";
  return row.detailsSubmitted || row.disabledReason ? "restricted" : "onboarding";
}

/** A provider as the studio's API names it (the local provider is "test", as PAYMENTS_PROVIDER says). */
const providerName = (id: string): PayoutStateDto["provider"] => (id === "local" ? "test" : "stripe");

function view(row: PayoutAccount | null): PayoutStateDto {
  const provider = paymentProvider();
  const id = row?.provider ?? provider?.id;
  return {
    state: payoutStage(row),
    provider: id ? providerName(id) : null,
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    disabledReason: row?.disabledReason ?? null,
    platformFeePercent: env().PLATFORM_FEE_PERCENT,
    configured: provider !== null,
  };
}

/**
 * Writes the provider's state of a studio's account as of `at` (an event's `created`, or the time it
 * was read). An older state than the one kept changes nothing; the same one again neither.
 */
export async function applyAccountState(provider: string, accountId: string, state: ConnectedAccountState, at: Date): Promise<boolean> {
  const { count } = await db.payoutAccount.updateMany({ where: { provider, accountId, stateAt: { lte: at } }, data: { ...state, stateAt: at } });
  return count > 0;
}

/** GET /api/payments/connect: the studio's account and what it allows (read afresh from the provider while not enabled). */
export async function payoutState(actor: Actor): Promise<PayoutStateDto> {
  let row = await db.payoutAccount.findUnique({ where: { adminId: actor.id } });
  const provider = row ? providerById(row.provider) : null;
  if (row && provider && payoutStage(row) !== "enabled") {
    try {
      if (await applyAccountState(row.provider, row.accountId, await provider.connect.accountState(row.accountId), new Date())) {
        row = await db.payoutAccount.findUnique({ where: { adminId: actor.id } });
      }
    } catch (err) {
      // The provider did not answer: the state kept (its webhooks) is shown.
      log().warn({ err, adminId: actor.id }, "payouts: the account's state could not be read");
    }
  }
  return view(row);
}

/**
 * POST /api/payments/connect → `{ url }`: where the studio fills in (or goes on with) its account's
 * details. The account is made at the first call, with the provider that sells now; a studio whose
 * account is with another provider (test payments turned off) gets a new one.
 */
export async function startOnboarding(actor: Actor): Promise<{ url: string }> {
  const provider = paymentProvider();
  if (!provider) throw new AppError("payments_not_configured", TEXTS.payouts.notConfigured);
  let row = await db.payoutAccount.findUnique({ where: { adminId: actor.id } });
  if (!row || row.provider !== provider.id) {
    const accountId = await provider.connect.createAccount({ adminId: actor.id, email: actor.email });
    const fresh = { provider: provider.id, accountId, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, disabledReason: null, stateAt: new Date() };
    // Two clicks at once: one row, the first account (Stripe answers both with the same account).
    row = row
      ? await db.payoutAccount.update({ where: { adminId: actor.id }, data: fresh })
      : await db.payoutAccount.upsert({ where: { adminId: actor.id }, create: { adminId: actor.id, ...fresh }, update: {} });
  }
  const page = `${env().APP_URL}${accountPath("payments")}`;
  const url = await provider.connect.onboardingLink(row.accountId, { returnUrl: `${page}?connect=done`, refreshUrl: `${page}?connect=again` });
  return { url };
}

/** The test provider's onboarding page: the studio's own local account, or 404 (not enabled, unknown, another studio's). */
export async function localPayoutAccount(actor: Actor, accountId: string): Promise<PayoutAccount> {
  if (!testPaymentsEnabled()) throw notFound();
  const row = await db.payoutAccount.findFirst({ where: { adminId: actor.id, provider: "local", accountId } });
  if (!row) throw notFound();
  return row;
}

/** POST /api/payments/local/connect/{accountId}/complete: the test provider's "Finish": the account takes payments. */
export async function completeLocalOnboarding(actor: Actor, accountId: string): Promise<PayoutStateDto> {
  const row = await localPayoutAccount(actor, accountId);
  await applyAccountState("local", row.accountId, { chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true, disabledReason: null }, new Date());
  return view(await db.payoutAccount.findUnique({ where: { adminId: actor.id } }));
}
