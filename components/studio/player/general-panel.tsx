"use client";
// GENERAL (spec §2 shows the thumbnail and the playback time; the rest is ours): the title, the
// current frame as thumbnail, the file's facts and a download of the original.
import { useState } from "react";
import { useOnChange } from "@/components/ui/use-on-change";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Camera, Download, LoaderCircle } from "lucide-react";
import { VideoThumb } from "@/components/studio/editor/video-thumb";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/studio/editor/panel";
import { ApiError, apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import { queryKeys } from "@/lib/browser/query-keys";
import { formatCuePoint } from "@/lib/services/films/rules/cue";
import { formatBytes } from "@/lib/format";
import { TEXTS } from "@/lib/texts";
import { VIDEO_TITLE_MAX } from "@/lib/validation/uploads";
import type { VideoDto } from "@/lib/contract/films";

type Props = { video: VideoDto; currentTime: number; onChange: (video: VideoDto) => void };

const THUMB_WAIT_MS = 60_000;
const THUMB_POLL_MS = 2_000;

export function GeneralPanel({ video, currentTime, onChange }: Props) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(video.title);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [savingTitle, setSavingTitle] = useState(false);
  const [makingThumb, setMakingThumb] = useState(false);

  useOnChange(video.title, setTitle);

  const changed = (next: VideoDto) => {
    onChange(next);
    queryClient.setQueryData<VideoDto[]>(queryKeys.galleryVideos(next.galleryId), (list) => list?.map((v) => (v._id === next._id ? next : v)));
  };

  async function saveTitle(e: React.FormEvent) {
    e.preventDefault();
    if (!title.trim()) {
      setTitleError(TEXTS.titleRequired);
      return;
    }
    setTitleError(null);
    setSavingTitle(true);
    try {
      const { video: next } = await apiCall(doors.videos.update, { params: { videoId: video._id }, body: { title: title.trim() } });
      changed(next);
      toast.success(TEXTS.videoTitleSaved);
    } catch (err) {
      setTitleError(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    } finally {
      setSavingTitle(false);
    }
  }

  /** Sets the cue point to the current frame; the worker makes the thumbnail there, which we wait for. */
  async function takeCurrentFrame() {
    setMakingThumb(true);
    try {
      const before = video.thumbnail;
      const { video: next } = await apiCall(doors.videos.update, { params: { videoId: video._id }, body: { cuePoint: formatCuePoint(currentTime) } });
      changed(next);
      const until = Date.now() + THUMB_WAIT_MS;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, THUMB_POLL_MS));
        const { thumbnail } = await apiCall(doors.videos.thumb, { params: { videoId: video._id } });
        if (thumbnail && thumbnail !== before) {
          changed({ ...next, thumbnail });
          toast.success(TEXTS.thumbnailUpdated);
          return;
        }
      }
      toast(TEXTS.thumbnailPending);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : TEXTS.updateFailed);
    } finally {
      setMakingThumb(false);
    }
  }

  const facts: [string, string][] = [
    ["Duration", video.durationSec !== null ? formatCuePoint(video.durationSec) : "—"],
    ["Resolution", video.width && video.height ? `${video.width} × ${video.height}` : "—"],
    ["Size", formatBytes(video.sizeBytes)],
    ["Thumbnail at", video.cuePoint ?? "00:00:10"],
  ];

  return (
    <div className="flex flex-col gap-4">
      <div>
        <VideoThumb video={video} className="w-full rounded-lg" />
        <p className="mt-2 text-sm text-zinc-600">
          Playback time:{" "}
          <span className="font-mono font-semibold text-zinc-900" data-testid="playback-time">
            {formatCuePoint(currentTime)}
          </span>
        </p>
      </div>

      <form onSubmit={(e) => void saveTitle(e)} noValidate>
        <label htmlFor="video-title" className="block text-sm font-medium text-zinc-700">
          Title
        </label>
        <input
          id="video-title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-required="true"
          aria-invalid={!!titleError}
          aria-describedby={titleError ? "video-title-error" : undefined}
          maxLength={VIDEO_TITLE_MAX}
          className={inputClass}
        />
        {titleError && (
          <p id="video-title-error" role="alert" className="mt-1 text-xs text-red-700">
            {titleError}
          </p>
        )}
        <button type="submit" className={buttonClass("dark", "mt-2 w-full")} disabled={savingTitle || title.trim() === video.title}>
          {savingTitle ? "Saving..." : "Save title"}
        </button>
      </form>

      <button type="button" className={buttonClass("outline", "w-full")} onClick={() => void takeCurrentFrame()} disabled={makingThumb || video.status !== "READY"}>
        {makingThumb ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Camera className="h-4 w-4" aria-hidden="true" />}
        {makingThumb ? "Making thumbnail..." : "Use current frame as thumbnail"}
      </button>

      <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 rounded-lg bg-zinc-50 p-3 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-zinc-500">{k}</dt>
            <dd className="text-right font-medium text-zinc-900">{v}</dd>
          </div>
        ))}
      </dl>

      <a href={doors.videos.download.url({ videoId: video._id })} className={buttonClass("outline", "w-full")} download>
        <Download className="h-4 w-4" aria-hidden="true" />
        Download original
      </a>
    </div>
  );
}
