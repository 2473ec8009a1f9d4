"use client";
import { DateTime } from "@/components/ui/date-time";
import { percentText, type FilmInsight, type ViewerInsight } from "@/lib/services/guests/rules/insights";
import { TEXTS } from "@/lib/texts";

/** A film's share watched by one viewer: a small bar and the figure. */
function Share({ percent }: { percent: number | undefined }) {
  if (!percent) return <span className="text-zinc-400">{TEXTS.insights.notWatched}</span>;
  return (
    <span className="flex items-center gap-2">
      <span className="h-1.5 w-12 shrink-0 overflow-hidden rounded-full bg-zinc-200" aria-hidden="true">
        <span className="block h-full rounded-full bg-brand-500" style={{ width: `${Math.max(3, percent)}%` }} />
      </span>
      <span className="tabular-nums">{percentText(percent)}</span>
    </span>
  );
}

/**
 * The viewers of one page: who, when they came back, the share of each film they watched, their
 * downloads. As wide as its films need: it scrolls sideways inside its own box on a phone.
 */
export function ViewersTable({ films, viewers }: { films: FilmInsight[]; viewers: ViewerInsight[] }) {
  const t = TEXTS.insights;
  return (
    <div className="max-w-full overflow-x-auto rounded-xl border border-zinc-200 bg-white" tabIndex={0} role="region" aria-label={t.viewerTable}>
      <table className="w-full min-w-max border-collapse text-left text-sm" data-testid="viewers-table">
        <caption className="sr-only">{t.viewerTable}</caption>
        <thead className="bg-zinc-50 text-xs font-semibold text-zinc-600">
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-zinc-50 px-3 py-2">
              {t.viewerColumn}
            </th>
            <th scope="col" className="px-3 py-2">
              {t.cameBackColumn}
            </th>
            {films.map((f) => (
              <th key={f.id} scope="col" className="max-w-[10rem] truncate px-3 py-2" title={f.title}>
                {f.title}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right">
              {t.downloadsColumn}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {viewers.map((v) => {
            const byFilm = new Map(v.films.map((f) => [f.videoId, f]));
            return (
              <tr key={v.id} data-testid="viewer-row">
                <th scope="row" className="sticky left-0 z-10 max-w-[9rem] bg-white px-3 py-2 font-medium text-zinc-900">
                  <span className="block truncate" title={v.name}>
                    {v.name}
                  </span>
                  {v.invited && <span className="mt-0.5 inline-block rounded bg-brand-50 px-1.5 text-[11px] font-semibold text-brand-800">{t.invited}</span>}
                  {v.beforePayment && <span className="mt-0.5 ml-1 inline-block rounded bg-amber-50 px-1.5 text-[11px] font-semibold text-amber-800">{t.beforePayment}</span>}
                </th>
                <td className="px-3 py-2 whitespace-nowrap text-zinc-600">
                  <span className="block">{t.visitCount(v.visits)}</span>
                  <span className="block text-xs text-zinc-500">
                    {t.lastSeen} <DateTime value={v.lastSeenAt} />
                  </span>
                </td>
                {films.map((f) => (
                  <td key={f.id} className="px-3 py-2 whitespace-nowrap text-zinc-700">
                    <Share percent={byFilm.get(f.id)?.percent} />
                  </td>
                ))}
                <td className="px-3 py-2 text-right tabular-nums text-zinc-700">{v.downloads}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
