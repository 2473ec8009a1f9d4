"use client";
import Link from "next/link";
import { Clock, Eye, Film, ImageIcon } from "lucide-react";
import { ItemMenu } from "@/components/studio/item-menu";
import { DateTime } from "@/components/ui/date-time";
import { AccessBadges } from "@/components/studio/access-badges";
import { useNow } from "@/components/ui/use-now";
import { statusChips, type StatusChip } from "@/lib/services/galleries/rules/gallery-status";
import { LAYOUT } from "@/lib/limits";
import { galleryPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { GalleryCardDto, GalleryCardStats } from "@/lib/contract/folders";

type Props = { gallery: GalleryCardDto; onRename: () => void; onDelete: () => void };

/** A 285 px card: background image or placeholder, name, creation date, its figures, and its menu. */
export function GalleryCard({ gallery, onRename, onDelete }: Props) {
  return (
    <li
      style={{ width: LAYOUT.galleryCardWidth }}
      className="group relative overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm transition hover:shadow-md"
      data-testid="gallery-card"
    >
      <Link href={galleryPath(gallery._id, "videos")} className="block rounded-xl">
        <div className="relative aspect-video overflow-hidden bg-zinc-100">
          <AccessBadges access={gallery.access} className="absolute top-2 left-2 z-10" />
          {gallery.imgUrl ? (
            <img src={gallery.imgUrl} alt="" className="h-full w-full object-cover transition duration-300 group-hover:scale-105" />
          ) : (
            <div className="grid h-full place-items-center bg-gradient-to-br from-zinc-100 to-zinc-200 text-zinc-400" data-testid="card-placeholder">
              <ImageIcon className="h-9 w-9" aria-hidden="true" />
            </div>
          )}
        </div>
        <div className="p-3 pr-10">
          <p className="truncate font-semibold text-zinc-900">{gallery.name}</p>
          <p className="mt-0.5 text-xs text-zinc-500">
            <DateTime value={gallery.createdAt} />
          </p>
          <StatusChips gallery={gallery} />
          <CardStats stats={gallery.stats} />
        </div>
      </Link>
      <div className="absolute right-2 bottom-3">
        <ItemMenu label={`Gallery actions for ${gallery.name}`} onRename={onRename} onDelete={onDelete} />
      </div>
    </li>
  );
}

/** Films, viewers and the last visit: how the gallery is doing, without opening it. */
function CardStats({ stats }: { stats: GalleryCardStats }) {
  return (
    <dl className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600" data-testid="gallery-card-stats">
      <div className="flex items-center gap-1">
        <dt className="sr-only">{TEXTS.insights.films}</dt>
        <Film className="h-3.5 w-3.5 text-zinc-400" aria-hidden="true" />
        <dd>{TEXTS.glance.films(stats.films)}</dd>
      </div>
      <div className="flex items-center gap-1">
        <dt className="sr-only">{TEXTS.insights.viewers}</dt>
        <Eye className="h-3.5 w-3.5 text-zinc-400" aria-hidden="true" />
        <dd>{TEXTS.insights.uniqueViewers(stats.viewers)}</dd>
      </div>
      <div className="flex w-full items-center gap-1">
        <dt className="sr-only">{TEXTS.glance.lastVisit}</dt>
        <Clock className="h-3.5 w-3.5 text-zinc-400" aria-hidden="true" />
        <dd>
          {stats.lastVisitAt ? (
            <>
              {TEXTS.glance.lastVisit} <DateTime value={stats.lastVisitAt} />
            </>
          ) : (
            TEXTS.glance.noVisits
          )}
        </dd>
      </div>
    </dl>
  );
}

const CHIP_TONE: Record<StatusChip["kind"], string> = {
  awaiting: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  review: "bg-sky-100 text-sky-900",
  changes: "bg-orange-100 text-orange-900",
  approved: "bg-emerald-100 text-emerald-900",
  expiring: "bg-red-50 text-red-800",
};

/** What its clients have done, at a glance: Awaiting payment, Paid, In review, Changes requested, Approved, Expires in n days. */
export function StatusChips({ gallery }: { gallery: GalleryCardDto }) {
  // The expiry's days are counted by the browser's clock, once it runs (the server's day may differ).
  const now = useNow();
  const chips = statusChips(gallery.status, now === null ? { ...gallery.access, expiresAt: null } : gallery.access, now ?? 0);
  if (chips.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Status of ${gallery.name}`} data-testid="gallery-status">
      {chips.map((c) => (
        <li key={c.kind} className={`rounded-full px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap ${CHIP_TONE[c.kind]}`} data-kind={c.kind}>
          {c.label}
        </li>
      ))}
    </ul>
  );
}
