"use client";
// Account → Export (the studio export): start an export of the whole studio, follow its progress, download
// the ZIP while it is kept (7 days); a new export replaces the previous one once it is ready, and the
// previous one stays downloadable until then. The page asks GET /api/export every 1.5 s while one runs.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { formatBytes } from "@/lib/format";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { ProgressBar } from "@/components/ui/progress-bar";
import { TEXTS } from "@/lib/texts";
import type { ExportState } from "@/lib/contract/studio-data";

const POLL_MS = 1500;

export function StudioExport({ initial }: { initial: ExportState | null }) {
  const t = TEXTS.export;
  const client = useQueryClient();
  const { data: current } = useQuery({
    queryKey: queryKeys.studioExport(),
    queryFn: async () => (await apiCall(doors.studioData.exportState)).export,
    initialData: initial,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === "QUEUED" || q.state.data.status === "RUNNING") ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: async () => (await apiCall(doors.studioData.startExport)).export,
    onSuccess: (row) => client.setQueryData(queryKeys.studioExport(), row),
    onError: (e) => {
      toast.error(e instanceof ApiError ? e.message : t.startFailed);
      void client.invalidateQueries({ queryKey: queryKeys.studioExport() });
    },
  });
  const active = current?.status === "QUEUED" || current?.status === "RUNNING";

  return (
    <div className="max-w-2xl space-y-6" data-testid="studio-export">
      <p className="text-sm text-zinc-600">{t.intro}</p>
      <p className="text-sm text-zinc-600">{t.replaces}</p>

      <div aria-live="polite" className="space-y-3">
        {!current && <p className="text-sm text-zinc-500">{t.none}</p>}
        {current?.status === "QUEUED" && <p className="text-sm text-zinc-600">{t.queued}</p>}
        {current?.status === "RUNNING" && (
          <ProgressBar
            label={t.title}
            percent={current.totalBytes ? (100 * current.doneBytes) / current.totalBytes : 0}
            caption={`${t.packing(formatBytes(current.doneBytes), formatBytes(current.totalBytes))} · ${t.packed(current.files)}`}
            testId="export-progress"
          />
        )}
        {current?.status === "READY" && (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <p className="font-semibold">{t.ready}</p>
            <p className="mt-1">
              {current.fileName} · {formatBytes(current.sizeBytes ?? 0)}
              {current.expiresAt && (
                <>
                  {" · "}
                  {t.availableUntil} <DateTime value={current.expiresAt} />
                </>
              )}
            </p>
            {/* A plain link: the door redirects to the store, which sends the file as an attachment. */}
            <a id="download" href={current.downloadUrl ?? undefined} className={buttonClass("primary", "mt-3")} data-testid="export-download">
              {t.download}
            </a>
          </div>
        )}
        {current?.status === "FAILED" && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {t.failed}
          </p>
        )}
        {current?.status === "EXPIRED" && <p className="text-sm text-zinc-600">{t.expired}</p>}
        {current?.previous && (
          <div className="rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700" data-testid="export-previous">
            <p>{t.previous}</p>
            <p className="mt-1">
              {current.previous.fileName} · {formatBytes(current.previous.sizeBytes ?? 0)}
              {current.previous.expiresAt && (
                <>
                  {" · "}
                  {t.availableUntil} <DateTime value={current.previous.expiresAt} />
                </>
              )}
            </p>
            <a href={current.previous.downloadUrl} className={buttonClass("outline", "mt-3")}>
              {t.downloadPrevious}
            </a>
          </div>
        )}
      </div>

      <button type="button" className={buttonClass(current?.status === "READY" ? "outline" : "primary")} disabled={active || start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? t.starting : t.start}
      </button>
    </div>
  );
}
