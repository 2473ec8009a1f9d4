"use client";
// Account → Export → Import: an export's ZIP uploaded straight to the store, then imported
// by a worker into this (empty) studio; the page follows it (GET /api/import every 1.5 s) to the end.
import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { formatBytes } from "@/lib/format";
import { buttonClass } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { TEXTS } from "@/lib/texts";
import { uploadImport, type ImportUpload } from "@/lib/browser/uploads/import-upload";
import type { ImportState } from "@/lib/contract/studio-data";

const POLL_MS = 1500;

export function StudioImport({ initial, empty }: { initial: ImportState | null; empty: boolean }) {
  const t = TEXTS.import;
  const client = useQueryClient();
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<{ percent: number; run: ImportUpload } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { data: current } = useQuery({
    queryKey: queryKeys.studioImport(),
    queryFn: async () => (await apiCall(doors.studioData.importState)).import,
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.status === "QUEUED" || q.state.data?.status === "RUNNING" ? POLL_MS : false),
  });
  // Imported: the studio's galleries (and whether it is empty) changed.
  const finished = current?.status === "DONE" && current.id !== initial?.id;
  useEffect(() => {
    if (finished) router.refresh();
  }, [finished, router]);

  function start(file: File) {
    setError(null);
    if (!/\.zip$/i.test(file.name)) return setError(t.notZip);
    const run = uploadImport(file, (percent) => setUpload((u) => (u ? { ...u, percent } : u)));
    setUpload({ percent: 0, run });
    run.done
      .then((state) => state && client.setQueryData(queryKeys.studioImport(), state))
      .catch((e: Error) => setError(e.message))
      .finally(() => {
        setUpload(null);
        if (input.current) input.current.value = "";
        void client.invalidateQueries({ queryKey: queryKeys.studioImport() });
      });
  }

  const working = upload !== null || current?.status === "QUEUED" || current?.status === "RUNNING";
  return (
    <section aria-labelledby="import-heading" className="mt-10 max-w-2xl space-y-4 border-t border-zinc-100 pt-6" data-testid="studio-import">
      <h2 id="import-heading" className="font-semibold">
        {t.title}
      </h2>
      <p className="text-sm text-zinc-600">{t.intro}</p>
      {!empty && !working && current?.status !== "DONE" && <p className="text-sm text-zinc-500">{t.notEmpty}</p>}

      <div aria-live="polite" className="space-y-2">
        {upload && <ProgressBar label={t.uploading(Math.floor(upload.percent))} percent={upload.percent} />}
        {!upload && current?.status === "QUEUED" && <p className="text-sm text-zinc-600">{t.queued}</p>}
        {!upload && current?.status === "RUNNING" && (
          <ProgressBar label={t.importing(formatBytes(current.doneBytes), formatBytes(current.totalBytes))} percent={current.totalBytes ? (100 * current.doneBytes) / current.totalBytes : 0} />
        )}
        {!upload && current?.status === "DONE" && current.summary && (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="import-done">
            <p className="font-semibold">{t.done(current.summary)}</p>
            {current.summary.videos > 0 && <p className="mt-1">{t.processing}</p>}
            {current.summary.renamedLinks.map((r) => (
              <p key={r.from} className="mt-1">
                {t.renamed(r.from, r.to)}
              </p>
            ))}
          </div>
        )}
        {!upload && current?.status === "FAILED" && (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            {current.error ?? t.failed}
          </p>
        )}
        {!upload && current?.status === "CANCELLED" && <p className="text-sm text-zinc-600">{t.cancelled}</p>}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <label className={buttonClass("outline", `focus-within:outline-2 focus-within:outline-offset-2 ${empty && !working ? "cursor-pointer" : "pointer-events-none opacity-50"}`)}>
          {t.choose}
          <input
            ref={input}
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            disabled={!empty || working}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) start(file);
            }}
          />
        </label>
        {upload && (
          <button type="button" className={buttonClass("ghost")} onClick={() => upload.run.cancel()}>
            {t.cancel}
          </button>
        )}
      </div>
    </section>
  );
}
