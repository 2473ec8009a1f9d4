"use client";
// The top bar's bell: how many events the studio has not read (GET /api/activity's `unread`), the
// newest few in a popover, "Mark all as read" and the way to the whole feed on the home. It opens
// the tab's one live subscription, so the count (and the home's feed) move as things happen.
import * as Popover from "@radix-ui/react-popover";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { ROUTES } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import { ACTIVITY_KEY, EventLine, useActivityLive, useMarkRead } from "@/components/studio/activity/activity-parts";
import { unreadCount } from "@/lib/services/platform/rules/activity";

const T = TEXTS.activity;
/** Events shown in the popover. */
const SHOWN = 6;

export function ActivityBell() {
  useActivityLive();
  const markRead = useMarkRead();
  const { data } = useQuery({ queryKey: [ACTIVITY_KEY, "bell"], queryFn: () => apiCall(doors.activity.feed, { query: {} }), refetchOnWindowFocus: true });
  const unread = data?.unread ?? 0;
  const events = data?.events.slice(0, SHOWN) ?? [];
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={T.bellLabel(unread)}
        className="relative grid h-10 w-10 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
        data-testid="activity-bell"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-[11px] leading-5 font-semibold text-white" data-testid="bell-count" aria-hidden="true">
            {unreadCount(unread)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={8} className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl border border-zinc-200 bg-white p-4 shadow-xl" data-testid="bell-panel">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-semibold text-zinc-900">{T.heading}</p>
            {unread > 0 && events[0] && (
              <button type="button" onClick={() => void markRead(events[0].id)} className="text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
                {T.markRead}
              </button>
            )}
          </div>
          {events.length === 0 ? (
            <p className="mt-3 text-sm text-zinc-500">{T.empty}</p>
          ) : (
            <ol className="mt-3 max-h-96 space-y-3 overflow-y-auto">
              {events.map((e) => (
                <li key={e.id}>
                  <Popover.Close asChild>
                    <div>
                      <EventLine event={e} showGallery />
                    </div>
                  </Popover.Close>
                </li>
              ))}
            </ol>
          )}
          <Popover.Close asChild>
            <Link href={`${ROUTES.galleries}#activity`} className="mt-4 block text-center text-sm font-medium text-brand-700 hover:underline">
              {T.seeAll}
            </Link>
          </Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
