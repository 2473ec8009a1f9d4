"use client";
// The studio's activity, its shared parts: the live subscription (one EventSource per tab, opened by
// the top bar's bell; each event refreshes every activity query), an event's icon and line, the
// section of a gallery each kind opens, and marking read.
import { useEffect } from "react";
import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, CreditCard, Download, Eye, Hourglass, MessageSquare, RotateCcw, Undo2, type LucideIcon } from "lucide-react";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { DateTime } from "@/components/ui/date-time";
import { galleryPath, type GallerySection } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { ActivityKind } from "@/lib/services/platform/rules/activity";
import type { ActivityEventDto } from "@/lib/contract/activity";

/** The compact select of the feed's filter and the mail choices. */
export const SELECT_CLASS = "rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none";

/** Every activity query's key starts so: one invalidation refreshes the bell and the home's feed. */
export const ACTIVITY_KEY = "activity";

const ICONS: Record<ActivityKind, { icon: LucideIcon; tone: string }> = {
  comment: { icon: MessageSquare, tone: "bg-sky-50 text-sky-700" },
  changes_requested: { icon: RotateCcw, tone: "bg-amber-50 text-amber-700" },
  approval: { icon: CheckCircle2, tone: "bg-emerald-50 text-emerald-700" },
  payment: { icon: CreditCard, tone: "bg-emerald-50 text-emerald-700" },
  refund: { icon: Undo2, tone: "bg-zinc-100 text-zinc-700" },
  download: { icon: Download, tone: "bg-zinc-100 text-zinc-700" },
  first_view: { icon: Eye, tone: "bg-brand-50 text-brand-700" },
  expiring: { icon: Hourglass, tone: "bg-amber-50 text-amber-700" },
  failed: { icon: AlertTriangle, tone: "bg-red-50 text-red-700" },
};

/** Where an event takes the studio: the review for what was said and decided, else the gallery's guests or films. */
const SECTION: Record<ActivityKind, GallerySection> = {
  comment: "review",
  changes_requested: "review",
  approval: "review",
  payment: "guests",
  refund: "guests",
  download: "insights",
  first_view: "insights",
  expiring: "guests",
  failed: "videos",
};
const eventHref = (e: Pick<ActivityEventDto, "galleryId" | "kind">) => galleryPath(e.galleryId, SECTION[e.kind]);

/** One event: its icon, what happened, when; unread ones marked. */
export function EventLine({ event, showGallery = false }: { event: ActivityEventDto; showGallery?: boolean }) {
  const { icon: Icon, tone } = ICONS[event.kind];
  return (
    <div className="flex gap-3" data-testid="activity-event" data-kind={event.kind} data-read={event.read}>
      <span className={`mt-0.5 grid h-7 w-7 shrink-0 place-items-center rounded-full ${tone}`}>
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <Link href={eventHref(event)} className="text-zinc-900 break-words hover:underline">
          {event.summary}
        </Link>
        <p className="mt-0.5 truncate text-xs text-zinc-500">
          {showGallery ? `${event.galleryName} · ` : ""}
          <DateTime value={event.at} />
        </p>
      </div>
      {!event.read && (
        <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-brand-600" title={TEXTS.activity.unreadLabel}>
          <span className="sr-only">{TEXTS.activity.unreadLabel}</span>
        </span>
      )}
    </div>
  );
}

/** Follows the studio's activity live: every event (and every reconnect) refreshes the activity queries. */
export function useActivityLive(): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const es = new EventSource(doors.activity.live.path);
    const refresh = () => void qc.invalidateQueries({ queryKey: [ACTIVITY_KEY] });
    es.addEventListener("activity", refresh);
    // Each (re)connection reads again: what came before the stream listened (while the page loaded,
    // or while it was reconnecting) is in no event of it.
    es.addEventListener("open", refresh);
    return () => es.close();
  }, [qc]);
}

/** Marks everything up to `upTo` read, then refreshes the activity queries. */
export function useMarkRead(): (upTo: string) => Promise<void> {
  const qc = useQueryClient();
  return async (upTo: string) => {
    await apiCall(doors.activity.read, { body: { upTo } });
    await qc.invalidateQueries({ queryKey: [ACTIVITY_KEY] });
  };
}
