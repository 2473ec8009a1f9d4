"use client";
import { Layers, LoaderCircle, RefreshCw, RotateCcw, Trash2 } from "lucide-react";
import { ActionMenu } from "@/components/studio/item-menu";
import { VideoThumb } from "@/components/studio/editor/video-thumb";
import { DateTime } from "@/components/ui/date-time";
import { TEXTS } from "@/lib/texts";
import { fileStateOf } from "@/lib/services/films/rules/video-state";
import type { VideoDto } from "@/lib/contract/films";

type Props = {
  video: VideoDto;
  onReplace: () => void;
  /** Uploads a new cut as the film's next version, the current one kept. */
  onUploadVersion?: () => void;
  onDelete: () => void;
  /** Processes a failed video again. */
  onRetry?: () => void;
  /** Opens the video (the Video Player modal); without it the card is not clickable. */
  onOpen?: () => void;
  /** Percentage of a new file being uploaded for this video, if one is. */
  replacing?: number;
  /** False until the library was checked with the server: a processing card then says 'Checking...'. */
  checked?: boolean;
};

/** A video of the library: thumbnail (a placeholder until there is one), title, date and its menu. */
export function VideoCard({ video, onReplace, onUploadVersion, onDelete, onRetry, onOpen, replacing, checked = true }: Props) {
  // The film's one state, as its bar in the upload panel shows it too (lib/services/films/rules/video-state.ts).
  const state = fileStateOf(video);
  const overlay =
    replacing !== undefined ? `${TEXTS.uploadStates.uploading} ${replacing}%` : state === "ready" ? null : state === "processing" && !checked ? TEXTS.checking : TEXTS.uploadStates[state];
  const body = (
    <>
      <div className="relative">
        <VideoThumb video={video} className="w-full" />
        {overlay && (
          <span
            className={`absolute top-2 left-2 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium text-white shadow-sm ${
              video.status === "FAILED" && replacing === undefined ? "bg-red-600" : "bg-zinc-900/75"
            }`}
            data-testid="video-status"
          >
            {video.status !== "FAILED" || replacing !== undefined ? <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> : null}
            {overlay}
          </span>
        )}
      </div>
      <div className="p-3 pr-10">
        <p className="truncate text-sm font-semibold text-zinc-900" title={video.title}>
          {onOpen && <span className="sr-only">Open </span>}
          {video.title}
        </p>
        <p className="text-xs text-zinc-500">
          <DateTime value={video.createdAt} />
          {video.version > 1 && (
            <span className="ml-1.5 rounded bg-zinc-100 px-1 py-0.5 font-semibold text-zinc-700" data-testid="video-version">
              {TEXTS.versions.label(video.version)}
            </span>
          )}
        </p>
        {video.optimizing && overlay === null && (
          // It plays already: said under the title, not over the picture like the states that do not.
          <p className="mt-1 inline-flex items-center gap-1.5 text-xs font-medium text-emerald-700" data-testid="video-status">
            <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-emerald-600" aria-hidden="true" />
            {TEXTS.optimizing(video.optimizeProgress)}
          </p>
        )}
        {video.status === "FAILED" && video.failureReason && (
          <p className="mt-1 line-clamp-2 text-xs text-red-700" data-testid="video-failure">
            {video.failureReason}
          </p>
        )}
      </div>
    </>
  );
  return (
    <li className="relative overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm" data-testid="video-card" data-video-id={video._id}>
      {onOpen ? (
        <button type="button" onClick={onOpen} className="block w-full rounded-xl text-left">
          {body}
        </button>
      ) : (
        body
      )}
      <div className="absolute right-2 bottom-3">
        <ActionMenu
          label={`Video actions for ${video.title}`}
          actions={[
            ...(video.retryable && onRetry ? [{ label: "Retry processing", icon: RotateCcw, onSelect: onRetry }] : []),
            ...(onUploadVersion ? [{ label: TEXTS.versions.uploadNew, icon: Layers, onSelect: onUploadVersion }] : []),
            { label: "Replace", icon: RefreshCw, onSelect: onReplace },
            { label: "Delete", icon: Trash2, onSelect: onDelete, danger: true },
          ]}
        />
      </div>
    </li>
  );
}
