"use client";
// A film's versions in its player: the current one and every earlier one kept,
// each with its comments; Upload new version (the upload queue, the current one kept), Compare
// (two versions on one clock, a wipe on desktop) and Delete for an earlier one.
import { useState } from "react";
import dynamic from "next/dynamic";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Columns2, Layers, Trash2 } from "lucide-react";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { formatBytes } from "@/lib/format";
import { FILE_CHECK_INTERVAL_MS } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";

// Loaded only when a comparison is opened.
const CompareVersions = dynamic(() => import("@/components/review/compare-versions").then((m) => m.CompareVersions), { ssr: false });

const T = TEXTS.versions;
type Props = {
  videoId: string;
  title: string;
  /** Opens the file picker for a new version (the gallery's upload queue); absent where there is none. */
  onUploadVersion?: () => void;
  /** The upload of a new version in progress (0–100), if any. */
  uploading?: number;
};

export function VersionsPanel({ videoId, title, onUploadVersion, uploading }: Props) {
  const { data, isPending } = useQuery({
    queryKey: queryKeys.versions(videoId),
    queryFn: () => apiCall(doors.videos.versions, { params: { videoId } }),
    // A new version is processed in seconds: read again until it plays, as the cards are (spec §4).
    refetchInterval: (q) => (q.state.data?.versions.some((v) => v.current && !v.playback) ? FILE_CHECK_INTERVAL_MS : false),
  });
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [comparing, setComparing] = useState<{ left: number; right: number } | null>(null);
  const versions = data?.versions ?? [];
  const current = versions.find((v) => v.current);

  async function remove(version: number) {
    if (!(await confirm(T.confirmDelete(version)))) return;
    try {
      const { message } = await apiCall(doors.videos.removeVersion, { params: { videoId, version: String(version) } });
      toast.success(message);
    } catch (e) {
      toast.error((e as Error).message);
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.versions(videoId) });
  }

  return (
    <section className="flex flex-col gap-2 border-b border-zinc-200 pb-3" aria-labelledby={`versions-${videoId}`} data-testid="versions-panel">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`versions-${videoId}`} className="text-sm font-semibold text-zinc-900">
          {T.title}
        </h3>
        {onUploadVersion && (
          <button type="button" className={buttonClass("outline", "px-2.5 py-1 text-xs")} onClick={onUploadVersion} disabled={uploading !== undefined} data-testid="upload-version">
            <Layers className="h-3.5 w-3.5" aria-hidden="true" />
            {T.uploadNew}
          </button>
        )}
      </div>
      {uploading !== undefined && (
        <p role="status" className="text-xs text-zinc-600">
          {T.uploading(uploading)}
        </p>
      )}
      {isPending ? (
        <p role="status" className="text-xs text-zinc-500">
          {T.loading}
        </p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label={T.title}>
          {versions.map((v) => (
            <li key={v.version} className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-xs odd:bg-zinc-50" data-testid="version-row" data-version={v.version}>
              <span className="w-7 shrink-0 text-sm font-semibold text-zinc-900">{T.label(v.version)}</span>
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-1.5 text-zinc-700">
                  {v.current && <span className="rounded bg-brand-50 px-1 py-0.5 font-semibold text-brand-700">{T.current}</span>}
                  <DateTime value={v.filedAt} />
                </p>
                <p className="text-zinc-500">
                  {formatBytes(v.sizeBytes)} · {T.comments(v.comments)}
                </p>
              </div>
              {!v.current && current && (
                <>
                  <button
                    type="button"
                    className="rounded p-1 text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-40"
                    aria-label={T.compareWith(v.version)}
                    title={T.compareWith(v.version)}
                    disabled={!current.playback || !v.playback}
                    onClick={() => setComparing({ left: v.version, right: current.version })}
                  >
                    <Columns2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="rounded p-1 text-zinc-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                    aria-label={T.deleteVersion(v.version)}
                    title={T.deleteVersion(v.version)}
                    onClick={() => void remove(v.version)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!isPending && versions.length === 1 && <p className="text-xs text-zinc-500">{T.hint}</p>}
      {comparing && data && <CompareVersions title={title} versions={data.versions} left={comparing.left} right={comparing.right} onClose={() => setComparing(null)} words={T} />}
    </section>
  );
}
