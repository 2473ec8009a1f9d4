import Link from "next/link";
import { Eye, Send } from "lucide-react";
import { DateTime } from "@/components/ui/date-time";
import { galleryPath } from "@/lib/routes";
import { TEXTS } from "@/lib/texts";
import type { ActivityItem } from "@/lib/page-props/activity";

/**
 * The studio home's recent activity across its galleries: each line says who and
 * what, in which gallery and when, and opens that gallery's guests and insights.
 */
export function RecentActivity({ items }: { items: ActivityItem[] }) {
  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm" data-testid="recent-activity">
      <h2 id="activity-heading" className="text-base font-semibold text-zinc-900">
        {TEXTS.glance.activityTitle}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-500">{TEXTS.glance.activityEmpty}</p>
      ) : (
        <ol className="mt-3 divide-y divide-zinc-100">
          {items.map((item, i) => (
            <li key={`${item.kind}-${item.at}-${i}`} className="py-3 first:pt-1 last:pb-0" data-testid="activity-item">
              <div className="flex gap-3">
                <span className={`mt-0.5 grid h-7 w-7 shrink-0 place-items-center rounded-full ${item.kind === "sent" ? "bg-brand-50 text-brand-700" : "bg-zinc-100 text-zinc-600"}`}>
                  {item.kind === "sent" ? <Send className="h-3.5 w-3.5" aria-hidden="true" /> : <Eye className="h-3.5 w-3.5" aria-hidden="true" />}
                </span>
                <div className="min-w-0 space-y-0.5 text-sm">
                  {item.kind === "sent" ? (
                    <p className="text-zinc-900">{TEXTS.glance.sent(item.who)}</p>
                  ) : item.films.length === 0 ? (
                    <p className="text-zinc-900">{TEXTS.glance.visited(item.who)}</p>
                  ) : (
                    item.films.map((line, j) => (
                      <p key={j} className="text-zinc-900">
                        {line}
                      </p>
                    ))
                  )}
                  {item.moreFilms > 0 && <p className="text-zinc-500">{TEXTS.glance.moreFilms(item.moreFilms)}</p>}
                  <p className="mt-0.5 truncate text-xs text-zinc-500">
                    <Link href={galleryPath(item.gallery.id, item.kind === "sent" ? "guests" : "insights")} className="font-medium text-zinc-700 hover:underline">
                      {item.gallery.name}
                    </Link>
                    {" · "}
                    <DateTime value={item.at} />
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
