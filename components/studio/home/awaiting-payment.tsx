import Link from "next/link";
import { CircleDollarSign } from "lucide-react";
import { galleryPath } from "@/lib/routes";
import { formatMoney } from "@/lib/services/money/rules/paid-delivery";
import { TEXTS } from "@/lib/texts";
import type { AwaitingPaymentDto } from "@/lib/contract/delivery";

/** The studio home's galleries awaiting payment (Paid delivery): each with what is due and by when; shown only when there are some. */
export function AwaitingPayment({ galleries }: { galleries: AwaitingPaymentDto[] }) {
  if (galleries.length === 0) return null;
  return (
    <section aria-labelledby="awaiting-heading" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm" data-testid="awaiting-payment">
      <h2 id="awaiting-heading" className="flex items-center gap-2 text-base font-semibold text-zinc-900">
        <CircleDollarSign className="h-4 w-4 text-amber-600" aria-hidden="true" />
        {TEXTS.galleryPrice.awaitingTitle}
      </h2>
      <ul className="mt-3 divide-y divide-zinc-100 text-sm">
        {galleries.slice(0, 8).map((g) => (
          <li key={g.galleryId} className="flex items-baseline justify-between gap-3 py-2">
            <Link href={galleryPath(g.galleryId, "deliver")} className="min-w-0 truncate font-medium text-zinc-800 hover:underline">
              {g.name}
            </Link>
            <span className="shrink-0 text-zinc-600">
              {formatMoney(g.due, g.currency)}
              {g.dueDate ? ` · ${g.dueDate}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
