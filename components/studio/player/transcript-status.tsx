"use client";
// The film's automatic transcript in its captions panel: not available (no provider on this
// server), off (the studio's switch), queued or running (with its progress, read again every few
// seconds), done, or failed with why; Transcribe (again) when the studio may ask.
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { AudioLines } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import { CAPTION_LANGUAGES } from "@/lib/services/films/rules/captions";

const POLL_MS = 3000;

export function TranscriptStatus({ videoId }: { videoId: string }) {
  const t = TEXTS.transcripts;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({
    queryKey: queryKeys.transcript(videoId),
    queryFn: () => apiCall(doors.transcripts.get, { params: { videoId } }),
    refetchInterval: (q) => {
      const state = q.state.data?.transcript?.state;
      return state === "queued" || state === "running" ? POLL_MS : false;
    },
  });
  if (!data) return null;

  async function request() {
    setBusy(true);
    try {
      await apiCall(doors.transcripts.request, { params: { videoId } });
      await queryClient.invalidateQueries({ queryKey: queryKeys.transcript(videoId) });
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  const tr = data.transcript;
  let line: string;
  if (!data.available) line = t.notAvailable;
  else if (!data.enabled) line = t.off;
  else if (!tr) line = "";
  else if (tr.state === "queued") line = t.queued;
  else if (tr.state === "running") line = t.running(tr.progress);
  else if (tr.state === "done") line = t.done(CAPTION_LANGUAGES.find((l) => l.code === tr.language)?.name ?? tr.language ?? "?");
  else line = t.failed(tr.failureReason ?? t.gaveUp);
  const mayAsk = data.available && data.enabled && (!tr || tr.state === "failed");

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-2.5 text-xs text-zinc-600" data-testid="transcript-status" role="status">
      <div className="flex items-start gap-2">
        <AudioLines className="mt-0.5 h-4 w-4 shrink-0 text-zinc-500" aria-hidden="true" />
        <span className={tr?.state === "failed" ? "text-red-700" : undefined}>{line || t.switchLabel}</span>
      </div>
      {tr?.state === "running" ? (
        <div className="h-1.5 overflow-hidden rounded bg-zinc-200" aria-hidden="true">
          <div className="h-full bg-brand-600" style={{ width: `${tr.progress}%` }} />
        </div>
      ) : null}
      {mayAsk ? (
        <button type="button" className={buttonClass("outline")} onClick={() => void request()} disabled={busy}>
          {tr ? t.requestAgain : t.request}
        </button>
      ) : null}
    </div>
  );
}
