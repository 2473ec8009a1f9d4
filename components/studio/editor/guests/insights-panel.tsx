"use client";
/** Who watched what: the totals, each film's heat strip, the viewers page by page, the CSV. */
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download, Eye } from "lucide-react";
import { Card } from "@/components/studio/editor/panel";
import { HeatStrip } from "@/components/studio/editor/guests/heat-strip";
import { ViewersTable } from "@/components/studio/editor/guests/viewers-table";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { INSIGHTS_PAGE_SIZE, watchTime, type InsightsSort } from "@/lib/services/guests/rules/insights";
import { TEXTS } from "@/lib/texts";

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 bg-white px-3 py-2.5">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="mt-0.5 text-lg font-bold text-zinc-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function InsightsPanel({ galleryId }: { galleryId: string }) {
  const t = TEXTS.insights;
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<InsightsSort>("recent");
  const query = useQuery({
    queryKey: queryKeys.insights(galleryId, page, sort),
    queryFn: async () => (await apiCall(doors.insights.gallery, { params: { id: galleryId }, query: { page: String(page), pageSize: String(INSIGHTS_PAGE_SIZE), sort } })).insights,
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  return (
    <section aria-labelledby="section-heading" className="mx-auto w-full max-w-6xl" data-testid="insights">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="section-heading" className="text-xl font-bold tracking-tight text-zinc-900">
            {TEXTS.gallerySections.insights}
          </h1>
          <p className="mt-1 text-sm text-zinc-500">{t.description}</p>
        </div>
        {data && data.totals.viewers > 0 && (
          <a href={doors.insights.csv.url({ id: galleryId })} download className={buttonClass("outline", "shrink-0")}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t.downloadCsv}
          </a>
        )}
      </div>

      {query.isError && !data ? (
        <Card className="mt-4">
          <p role="alert" className="text-sm text-red-600">
            {t.loadFailed}
          </p>
          <button type="button" className={buttonClass("outline", "mt-3")} onClick={() => void query.refetch()}>
            {t.retry}
          </button>
        </Card>
      ) : !data ? (
        <div role="status" className="mt-4 h-32 animate-pulse rounded-xl bg-zinc-100" aria-busy="true" aria-label={TEXTS.gallerySections.insights} />
      ) : data.totals.viewers === 0 ? (
        <Card className="mt-4 flex items-start gap-3">
          <Eye className="mt-0.5 h-5 w-5 shrink-0 text-zinc-400" aria-hidden="true" />
          <p className="text-sm text-zinc-600" data-testid="insights-empty">
            {t.empty}
          </p>
        </Card>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-2 md:grid-cols-4">
            <Stat label={t.viewers} value={String(data.totals.viewers)} testId="insights-viewers" />
            <Stat label={t.visits} value={String(data.totals.visits)} testId="insights-visits" />
            <Stat label={t.watchTime} value={watchTime(data.totals.playSeconds)} testId="insights-watch-time" />
            <Stat label={t.downloads} value={String(data.totals.downloads)} testId="insights-downloads" />
          </dl>

          <h3 className="mt-6 text-sm font-semibold text-zinc-900">{t.films}</h3>
          <ul className="mt-2 grid gap-3 xl:grid-cols-2">
            {data.films.map((f) => (
              <li key={f.id}>
                <Card>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <h4 className="min-w-0 truncate text-sm font-semibold text-zinc-900" title={f.title}>
                      {f.title}
                    </h4>
                    <p className="text-xs text-zinc-500 tabular-nums">
                      {[t.uniqueViewers(f.viewers), t.filmWatchTime(watchTime(f.playSeconds)), f.downloads ? t.filmDownloads(f.downloads) : null].filter(Boolean).join(" · ")}
                    </p>
                  </div>
                  <div className="mt-3">
                    <HeatStrip title={f.title} heat={f.heat} durationSec={f.durationSec} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>

          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-sm font-semibold text-zinc-900">{t.viewers}</h3>
            <label className="flex items-center gap-2 text-xs text-zinc-600">
              {t.sortLabel}
              <select
                value={sort}
                onChange={(e) => {
                  setSort(e.target.value as InsightsSort);
                  setPage(1);
                }}
                className="rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900"
              >
                <option value="recent">{t.sortRecent}</option>
                <option value="name">{t.sortName}</option>
              </select>
            </label>
          </div>
          <div className="mt-2">
            <ViewersTable films={data.films} viewers={data.viewers.items} />
          </div>
          <Pager page={data.viewers.page} pageSize={data.viewers.pageSize} total={data.viewers.total} busy={query.isFetching} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function Pager({ page, pageSize, total, busy, onPage }: { page: number; pageSize: number; total: number; busy: boolean; onPage: (p: number) => void }) {
  const t = TEXTS.insights;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t.viewerTable} className="mt-3 flex items-center justify-between gap-2 text-sm">
      <button type="button" className={buttonClass("outline")} disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </button>
      <span className="text-zinc-600 tabular-nums" aria-live="polite">
        {t.pageOf(from, to, total)}
      </span>
      <button type="button" className={buttonClass("outline")} disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </button>
    </nav>
  );
}
