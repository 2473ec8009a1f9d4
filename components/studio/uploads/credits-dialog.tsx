"use client";
import Link from "next/link";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { formatCredits } from "@/lib/format";
import { accountPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";

export type CreditShortfall = { totalMb: number; availableMb: number };

/** Spec §5: the picked files need more than the available credits, so nothing is uploaded. */
export function CreditsDialog({ shortfall, onClose }: { shortfall: CreditShortfall | null; onClose: () => void }) {
  return (
    <Dialog
      open={shortfall !== null}
      onOpenChange={(open) => !open && onClose()}
      title={TEXTS.notEnoughCreditsUpload}
      width={440}
      footer={
        <>
          <button type="button" className={buttonClass("outline")} onClick={onClose}>
            Close
          </button>
          <Link href={accountPath("planbill")} className={buttonClass("primary")} onClick={onClose}>
            {TEXTS.purchaseCredits}
          </Link>
        </>
      }
    >
      {shortfall && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-zinc-50 px-4 py-3 text-sm">
          <dt className="text-zinc-600">{TEXTS.uploadTotalSize}</dt>
          <dd className="text-right font-semibold text-zinc-900" data-testid="upload-total-size">
            {formatCredits(shortfall.totalMb)}
          </dd>
          <dt className="text-zinc-600">{TEXTS.availableCredits}</dt>
          <dd className="text-right font-semibold text-zinc-900" data-testid="upload-available-credits">
            {formatCredits(shortfall.availableMb)}
          </dd>
        </dl>
      )}
    </Dialog>
  );
}
