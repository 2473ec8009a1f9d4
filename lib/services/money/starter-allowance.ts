// The starter allowance: storage a newly approved studio gets once, so it can
// upload and send a first gallery before paying. Once per email: the StarterAllowance row, keyed by
// the normalised email and kept when the studio is deleted, is inserted in the transaction of the
// grant, so a second approval, a re-approval after a suspension, two approvals at once, or deleting
// the studio and signing up again with the same address give nothing.
import "@/lib/server-only";
import { env } from "@/lib/env";
import { TEXTS } from "@/lib/texts";
import { grant } from "@/lib/services/money/credits";
import type { Tx } from "@/lib/db";

/** The key the allowance is remembered by: the address lower-cased and trimmed. */
export const allowanceEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Grants the allowance (STARTER_ALLOWANCE_BYTES, 0: none) to the studio `adminId` whose email is
 * `email`, in the caller's transaction, unless that email had it already. True when granted.
 */
export async function grantStarterAllowance(tx: Tx, adminId: string, email: string): Promise<boolean> {
  const bytes = BigInt(env().STARTER_ALLOWANCE_BYTES);
  if (bytes <= BigInt(0)) return false;
  // ON CONFLICT DO NOTHING: a concurrent approval waits on the key and then inserts nothing, and
  // neither transaction is aborted by a unique violation.
  const { count } = await tx.starterAllowance.createMany({ data: [{ email: allowanceEmail(email), adminId, bytes }], skipDuplicates: true });
  if (count === 0) return false;
  return grant(tx, `starter:${adminId}`, { adminId, bytes, purpose: TEXTS.starterAllowancePurpose, amountCents: 0, type: "granted" });
}
