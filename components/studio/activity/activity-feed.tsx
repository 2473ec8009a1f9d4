"use client";
// The studio's home: what happened in its galleries (GET /api/activity), newest first, grouped by
// gallery (a run of events of one gallery under its name), filtered by kind and unread, older pages
// on demand, read up to the newest with one button; live through the bell's subscription.
import { useState } from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiCall, ApiError } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { buttonClass } from "@/components/ui/button";
import { galleryPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import { ACTIVITY_KINDS, unreadCount, type ActivityKind } from "@/lib/services/platform/rules/activity";
import type { ActivityEventDto, ActivityFeedDto } from "@/lib/contract/activity";
import { ACTIVITY_KEY, EventLine, SELECT_CLASS, useMarkRead } from "@/components/studio/activity/activity-parts";

const T = TEXTS.activity;

/** Consecutive events of one gallery, as one group. */
function groups(events: ActivityEventDto[]): { galleryId: string; galleryName: string; events: ActivityEventDto[] }[] {
  const out: { galleryId: string; galleryName: string; events: ActivityEventDto[] }[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (last && last.galleryId === e.galleryId) last.events.push(e);
    else out.push({ galleryId: e.galleryId, galleryName: e.galleryName, events: [e] });
  }
  return out;
}

export function ActivityFeed({ initial }: { initial: ActivityFeedDto }) {
  const [kind, setKind] = useState<ActivityKind | "all">("all");
  const [unreadOnly, setUnreadOnly] = useState(false);
  const markRead = useMarkRead();
  const unfiltered = kind === "all" && !unreadOnly;
  const query = { ...(kind === "all" ? {} : { kinds: kind }), ...(unreadOnly ? { unread: "true" as const } : {}) };
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: [ACTIVITY_KEY, "feed", query],
    queryFn: ({ pageParam }) => apiCall(doors.activity.feed, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next ?? undefined,
    initialData: unfiltered ? { pages: [initial], pageParams: [""] } : undefined,
  });
  const events = data?.pages.flatMap((p) => p.events) ?? [];
  const unread = data?.pages[0]?.unread ?? initial.unread;
  const newest = events[0]?.id;

  async function readAll() {
    if (!newest) return;
    try {
      await markRead(newest);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : T.loadFailed);
    }
  }

  return (
    <section id="activity" aria-labelledby="feed-heading" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm" data-testid="activity-feed">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="feed-heading" className="flex items-center gap-2 text-base font-semibold text-zinc-900">
          {T.heading}
          {unread > 0 && (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="feed-unread">
              {unreadCount(unread)}
            </span>
          )}
        </h2>
        {unread > 0 && (
          <button type="button" onClick={() => void readAll()} className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
            {T.markRead}
          </button>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          {T.filterLabel}
          <select value={kind} onChange={(e) => setKind(e.target.value as ActivityKind | "all")} className={SELECT_CLASS} data-testid="feed-kind">
            <option value="all">{T.all}</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {T.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} className="h-4 w-4 rounded border-zinc-300 text-brand-600 focus:ring-brand-500" />
          {T.unreadOnly}
        </label>
      </div>
      {error ? (
        <p className="mt-3 text-sm text-red-700" role="alert">
          {error instanceof ApiError ? error.message : T.loadFailed}
        </p>
      ) : events.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-500">{unfiltered ? T.empty : T.emptyFiltered}</p>
      ) : (
        <ol className="mt-3 space-y-4" aria-live="polite">
          {groups(events).map((g) => (
            <li key={`${g.galleryId}-${g.events[0].id}`} data-testid="activity-group">
              <Link href={galleryPath(g.galleryId, "guests")} className="text-xs font-semibold tracking-wide text-zinc-500 uppercase hover:text-zinc-800 hover:underline">
                {T.gallery(g.galleryName, g.events.length)}
              </Link>
              <ol className="mt-2 space-y-3">
                {g.events.map((e) => (
                  <li key={e.id}>
                    <EventLine event={e} />
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      )}
      {hasNextPage && (
        <button type="button" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} className={buttonClass("outline", "mt-4 w-full px-3 py-2 text-sm")}>
          {T.loadMore}
        </button>
      )}
    </section>
  );
}
