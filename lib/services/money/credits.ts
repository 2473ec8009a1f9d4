// The credits ledger: the only writer of Admin.creditBytes and of CreditEntry rows
// (tests/unit/credits-single-writer.test.ts fails when other code writes either). Every change runs
// inside the caller's transaction, under a lock on the studio's row, writes one ledger entry with an
// idempotency key (a retried request finds its key and changes nothing) and moves the balance by
// exactly that entry. A reservation is an open Upload row (RESERVED or COMPLETING) holding
// `reservedBytes`: available credits are the balance minus those, and nothing may take them.
import "@/lib/server-only";
import { randomUUID } from "node:crypto";
import { AppError, notFound } from "@/lib/errors";
import { TEXTS } from "@/lib/texts";
import { audit } from "@/lib/services/platform";
import { bytesToMb } from "@/lib/format";
import type { Actor } from "@/lib/services/access/rules/actor";
import type { Tx } from "@/lib/db";
import type { CreditType, UploadStatus } from "@/generated/prisma/enums";

/** Upload states that hold a reservation. */
export const OPEN_UPLOAD_STATUSES: UploadStatus[] = ["RESERVED", "COMPLETING"];

/** Locks the studio's row until the transaction ends and returns its balance. */
async function lockedBalance(tx: Tx, adminId: string): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ creditBytes: bigint }[]>`SELECT "creditBytes" FROM "Admin" WHERE id = ${adminId}::uuid FOR UPDATE`;
  if (!row) throw notFound();
  return row.creditBytes;
}

/** Holds the studio's row until the transaction ends: money and plan changes of one studio run one at a time. */
export async function lockStudio(tx: Tx, adminId: string): Promise<void> {
  await lockedBalance(tx, adminId);
}

async function reservedBytes(tx: Tx, adminId: string): Promise<bigint> {
  const sum = await tx.upload.aggregate({ where: { adminId, status: { in: OPEN_UPLOAD_STATUSES } }, _sum: { reservedBytes: true } });
  return sum._sum.reservedBytes ?? BigInt(0);
}

/** Credits free for new reservations and spends: the balance minus open reservations, under the row lock. */
export async function available(tx: Tx, adminId: string): Promise<bigint> {
  const balance = await lockedBalance(tx, adminId);
  return balance - (await reservedBytes(tx, adminId));
}

/**
 * Checks that `bytes` are available; the caller then records the reservation (its open Upload row
 * with `reservedBytes`) in the same transaction, so the lock covers check and record.
 */
export async function reserve(tx: Tx, adminId: string, bytes: bigint): Promise<void> {
  if ((await available(tx, adminId)) < bytes) throw new AppError("not_enough_credits", TEXTS.notEnoughCreditsUpload);
}

type Entry = { adminId: string; type: CreditType; bytes: bigint; key: string; purpose: string; amountCents?: number };

/** The one write: a ledger entry and the balance moved by it (the caller holds the row lock). */
async function record(tx: Tx, e: Entry): Promise<void> {
  await tx.creditEntry.create({
    data: { adminId: e.adminId, type: e.type, creditBytes: e.bytes, purpose: e.purpose, amountCents: e.amountCents ?? null, idempotencyKey: e.key },
  });
  await tx.admin.update({ where: { id: e.adminId }, data: { creditBytes: e.type !== "used" ? { increment: e.bytes } : { decrement: e.bytes } } });
}

/** TEXTS.videoFailure.refundPurpose for any file name, as a pattern (its one home stays lib/texts/films.ts). */
const LEGACY_REFUND_PURPOSE = (() => {
  const [before, after] = TEXTS.videoFailure.refundPurpose("\u0000").split("\u0000");
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escape(before)}.+${escape(after)}$`);
})();

/**
 * A refund written before refunds had their own kind: a `purchased` entry with
 * nothing paid and the purpose TEXTS.videoFailure.refundPurpose gave it. Migration
 * 20261207030001_credit_refunds_retyped retyped those in the database (by this same rule, or their
 * key); an export made before still lists them as purchases, and its restore makes them refunds.
 */
function isLegacyRefund(e: { type: CreditType; purpose: string | null; amountCents: number | null }): boolean {
  return e.type === "purchased" && !e.amountCents && LEGACY_REFUND_PURPOSE.test(e.purpose ?? "");
}

/**
 * An operator's restore of an export (npm run import): the studio's credit history as exported and
 * its balance as it was, under the row lock. Only into a studio without a history of its own (else
 * nothing changes and false is answered: its own ledger stands). An old export's refunds come back as refunds.
 */
export async function restoreHistory(
  tx: Tx,
  adminId: string,
  h: { balance: bigint; entries: { type: CreditType; bytes: bigint; purpose: string | null; amountCents: number | null; createdAt: Date }[] },
): Promise<boolean> {
  await lockedBalance(tx, adminId);
  if ((await tx.creditEntry.count({ where: { adminId } })) > 0) return false;
  const typeOf = (e: (typeof h.entries)[number]): CreditType => (isLegacyRefund(e) ? "refund" : e.type);
  await tx.creditEntry.createMany({ data: h.entries.map((e) => ({ adminId, type: typeOf(e), creditBytes: e.bytes, purpose: e.purpose, amountCents: e.amountCents, createdAt: e.createdAt })) });
  await tx.admin.update({ where: { id: adminId }, data: { creditBytes: h.balance } });
  return true;
}

/**
 * What the studio's ledger adds up to, in bytes: bought, given (the starter allowance), charged and
 * refunded; the balance is their sum, purchased + granted + refund − used.
 */
export async function ledgerTotals(client: Pick<Tx, "creditEntry">, adminId: string): Promise<Record<CreditType, bigint>> {
  const rows = await client.creditEntry.groupBy({ by: ["type"], where: { adminId }, _sum: { creditBytes: true }, orderBy: { type: "asc" } });
  const totals: Record<CreditType, bigint> = { used: BigInt(0), purchased: BigInt(0), granted: BigInt(0), refund: BigInt(0) };
  for (const r of rows) totals[r.type] = r._sum?.creditBytes ?? BigInt(0);
  return totals;
}

/**
 * The studio's credits as every page shows them (spec §9: remaining = purchased minus used), in
 * bytes: `had` is what it bought and was given, `used` what its uploads consumed less what was
 * refunded (a rejected file's charge returned nets its charge, never counts as bought), and
 * `balance` = had − used, the ledger's sum.
 */
export function shownCredits(t: Record<CreditType, bigint>): { purchased: bigint; granted: bigint; had: bigint; used: bigint; balance: bigint } {
  const had = t.purchased + t.granted;
  const used = t.used - t.refund;
  return { purchased: t.purchased, granted: t.granted, had, used, balance: had - used };
}

const entryOf = (tx: Tx, key: string) => tx.creditEntry.findUnique({ where: { idempotencyKey: key } });

/**
 * Charges a completing upload at `bytes` (the size the store reports), once (key `upload:<id>`).
 * 'over' when that is more than its own reservation plus the free credits: nothing is charged.
 */
export async function charge(tx: Tx, uploadId: string, bytes: bigint): Promise<"charged" | "already" | "over"> {
  const { adminId } = await tx.upload.findUniqueOrThrow({ where: { id: uploadId }, select: { adminId: true } });
  const free = await available(tx, adminId);
  const key = `upload:${uploadId}`;
  if (await entryOf(tx, key)) return "already";
  const upload = await tx.upload.findUniqueOrThrow({ where: { id: uploadId } });
  const own = OPEN_UPLOAD_STATUSES.includes(upload.status) ? upload.reservedBytes : BigInt(0);
  if (bytes > free + own) return "over";
  await record(tx, { adminId, type: "used", bytes, key, purpose: await uploadPurpose(tx, upload) });
  return "charged";
}

/** What the credit history calls an upload's charge: the file, and the gallery it went to. */
export async function uploadPurpose(tx: Tx, upload: { kind: string; fileName: string; galleryId: string | null }): Promise<string> {
  const gallery = upload.galleryId ? await tx.gallery.findUnique({ where: { id: upload.galleryId }, select: { name: true } }) : null;
  const what = upload.kind === "video" ? "Video upload" : "Upload";
  return `${what}: ${upload.fileName}${gallery ? ` (${gallery.name})` : ""}`.slice(0, 500);
}

/**
 * Returns an upload's charge, once (key `refund:<uploadId>`), as a `refund` entry naming the file
 * (never a purchase): a file the worker rejected as not a video is deleted, so the
 * studio keeps nothing for what it paid. False when the upload was never charged or was refunded
 * already. (The name is kept: other doors call it.)
 */
export async function refund(tx: Tx, uploadId: string, purpose: string): Promise<boolean> {
  const charged = await entryOf(tx, `upload:${uploadId}`);
  if (!charged) return false;
  await lockedBalance(tx, charged.adminId);
  const key = `refund:${uploadId}`;
  if (await entryOf(tx, key)) return false;
  await record(tx, { adminId: charged.adminId, type: "refund", bytes: charged.creditBytes, key, purpose });
  return true;
}

/**
 * Adds credits (a paid checkout `payment:<session>`, a yearly allotment `invoice:<id>`: purchased; the
 * starter allowance `starter:<studio>`: granted), once per key.
 */
export async function grant(tx: Tx, key: string, g: { adminId: string; bytes: bigint; purpose: string; amountCents: number; type?: "purchased" | "granted" }): Promise<boolean> {
  await lockedBalance(tx, g.adminId);
  if (await entryOf(tx, key)) return false;
  await record(tx, { adminId: g.adminId, type: g.type ?? "purchased", bytes: g.bytes, key, purpose: g.purpose, amountCents: g.amountCents });
  return true;
}

/**
 * Spends the studio's own credits, once per key, never taking what open uploads reserved: 409
 * `Not enough credits!` when more than the available credits are asked. A key seen before with the
 * same studio and amount changes nothing (a retry); with another amount it is a 409.
 */
export async function spend(tx: Tx, key: string, s: { adminId: string; bytes: bigint; purpose: string }): Promise<{ applied: boolean }> {
  const free = await available(tx, s.adminId);
  const seen = await entryOf(tx, key);
  if (seen) {
    if (seen.adminId !== s.adminId || seen.type !== "used" || seen.creditBytes !== s.bytes) throw new AppError("idempotency_key_reused", TEXTS.idempotencyKeyReused);
    return { applied: false };
  }
  if (s.bytes > free) throw new AppError("not_enough_credits", TEXTS.notEnoughCredits);
  await record(tx, { adminId: s.adminId, type: "used", bytes: s.bytes, key, purpose: s.purpose });
  return { applied: true };
}

/**
 * The super admin sets a studio's balance: the difference is one ledger entry (purchased or used)
 * and an audit entry `credits.adjust`. Setting the same value again changes nothing, so a retried
 * edit is harmless. Reservations are not protected here: the super admin decides.
 */
export async function adjust(tx: Tx, actor: Pick<Actor, "id" | "email">, adminId: string, target: bigint): Promise<bigint> {
  const balance = await lockedBalance(tx, adminId);
  const delta = target - balance;
  if (delta === BigInt(0)) return delta;
  await record(tx, {
    adminId,
    type: delta > 0 ? "purchased" : "used",
    bytes: delta > 0 ? delta : -delta,
    key: `adjust:${randomUUID()}`,
    purpose: `Adjusted by super admin (${actor.email})`,
  });
  await audit(tx, actor, "credits.adjust", adminId, { fromMb: bytesToMb(balance), toMb: bytesToMb(target) });
  return delta;
}
