"use client";
// REVIEW: a film's time-coded comments for the studio — its guests' and its own. A new
// comment is at the player's current time; each thread seeks there, takes replies, and is resolved
// or reopened; the studio's own comments are deleted within their 10 minutes. The markers file for
// the editor downloads from here. The composer, threads and replies are the review's own
// (components/review/), shared with a guest's panel; this panel gives them the studio's words and calls.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CheckCircle2, Download, MessageSquarePlus, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { useConfirm } from "@/components/ui/confirm";
import { buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/browser/api-client";
import { doors } from "@/lib/contract";
import type { AnswerOf } from "@/lib/contract/door";
import { queryKeys } from "@/lib/browser/query-keys";
import { TEXTS } from "@/lib/texts";
import { clock } from "@/lib/services/guests/rules/insights";
import { MARKER_FORMATS, type MarkerFormat } from "@/lib/services/review/rules/markers";
import type { CommentDto } from "@/lib/contract/review";
import { CommentStrip, stripComment } from "@/components/review/comment-strip";
import { drawingField } from "@/components/review/sketch";
import { Composer, type ComposerDrawing, type ComposerRange } from "@/components/review/composer";
import type { Range } from "@/lib/services/review/rules/range";
import { Thread, type CommentLabels, type CommentRights, type ThreadReply } from "@/components/review/thread";
import { followReview } from "@/lib/browser/review-live";
import { applyReviewEvent, threadsOf } from "@/lib/services/review/rules/live";
import { useVirtualizer } from "@tanstack/react-virtual";

const T = TEXTS.review;
type Props = { videoId: string; duration: number | null; currentTime: number; onSeek: (seconds: number) => void };

function useComments(videoId: string) {
  return useQuery({ queryKey: queryKeys.comments(videoId), queryFn: () => apiCall(doors.comments.list, { params: { videoId } }) });
}

/**
 * Keeps the film's comments live (lib/browser/review-live.ts) from the first list's cursor: each
 * event is applied to the list kept, after cancelling a read in flight (its answer may be older).
 */
function useLiveComments(videoId: string, cursor: number | undefined) {
  const queryClient = useQueryClient();
  const ready = cursor !== undefined;
  useEffect(() => {
    if (cursor === undefined) return;
    const key = queryKeys.comments(videoId);
    return followReview(doors.comments.live.url({ videoId }), cursor, {
      event: (event) =>
        void queryClient
          .cancelQueries({ queryKey: key })
          .then(() => queryClient.setQueryData<AnswerOf<typeof doors.comments.list>>(key, (old) => old && { ...old, comments: applyReviewEvent(old.comments, event) })),
      reset: () => void queryClient.invalidateQueries({ queryKey: key }),
    });
    // The stream starts once, from the first list's cursor; a list read again does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [videoId, ready, queryClient]);
}

const markerLabel = (at: string, author: string, version: number | null) => T.seek(at, author) + (version !== null ? ` (${T.onVersion(version)})` : "");
const sharedLabel = (at: string, count: number, names: string) => T.seekShared(at, count, names);

export function ReviewPanel({ videoId, duration, currentTime, onSeek }: Props) {
  const { data, isPending } = useComments(videoId);
  useLiveComments(videoId, data?.cursor);
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.comments(videoId) }), [queryClient, videoId]);
  // The player's time changes several times a second: the list (a thousand threads, bench/review)
  // is rendered again only when the comments change, so what it is given stays the same object.
  const seekTo = useRef(onSeek);
  useEffect(() => {
    seekTo.current = onSeek;
  });
  const seek = useCallback((seconds: number) => seekTo.current(seconds), []);
  const { threads, replies } = useMemo(() => threadsOf(data?.comments ?? []), [data?.comments]);
  const strip = useMemo(() => threads.map((c) => stripComment(c)), [threads]);
  const open = threads.filter((c) => !c.resolved).length;
  const at = Math.floor(currentTime * 10) / 10;
  const studio = useStudioThreads(videoId, data?.version ?? 1, refresh);
  // The range the composer marks, drawn on the timeline as it is marked.
  const [marking, setMarking] = useState<Range | null>(null);
  const range: ComposerRange = useMemo(() => ({ labels: RANGE, onChange: setMarking }), []);
  const draft = useMemo(() => marking && { range: marking, label: T.rangeDraft }, [marking]);

  return (
    <div className="flex flex-col gap-3" data-testid="review-panel">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-zinc-900">{T.panelTitle}</h3>
        {threads.length > 0 && (
          <span className="text-xs text-zinc-500" data-testid="review-open-count">
            {T.openCount(open)}
          </span>
        )}
      </div>
      <p className="text-xs text-zinc-500">{T.panelHint}</p>
      <CommentStrip comments={strip} duration={duration} version={data?.version ?? 1} onSeek={seek} label={T.timelineLabel} markerLabel={markerLabel} sharedLabel={sharedLabel} draft={draft} />
      <Composer
        face="studio"
        time={at}
        label={(time, endTime) => T.newLabel(clock(time) + (endTime !== null ? `–${clock(endTime)}` : ""))}
        post={T.post}
        drawing={DRAWING}
        range={range}
        // The film stops where the comment is: the drawing is on that frame.
        hold={() => void modalVideo()?.pause()}
        icons={{ draw: <Pencil className="h-3.5 w-3.5" aria-hidden="true" />, post: ICONS.post }}
        onPost={(text, time, clientKey, shapes, endTime) =>
          tell(async () => (await apiCall(doors.comments.add, { params: { videoId }, body: { text, time, endTime, clientKey, ...drawingField(shapes) } }), await refresh()))
        }
      />
      {isPending || threads.length === 0 ? (
        <ol className="rounded-lg border border-zinc-200 bg-zinc-50" aria-label={T.panelTitle} data-testid="comment-list">
          <li className="p-3 text-sm text-zinc-500">{isPending ? T.loading : T.empty}</li>
        </ol>
      ) : (
        <Threads threads={threads} replies={replies} onSeek={seek} {...studio} />
      )}
      <Markers videoId={videoId} />
    </div>
  );
}

/** Runs a change; false (its message told) when it failed. */
async function tell(change: () => Promise<unknown>): Promise<boolean> {
  try {
    await change();
    return true;
  } catch (e) {
    toast.error((e as Error).message);
    return false;
  }
}

/** The film player's video (a drawing is shown over its frame at the comment's time). */
const modalVideo = (): HTMLVideoElement | null => document.querySelector<HTMLVideoElement>("[data-testid=video-player-modal] video");

const ICONS = {
  remove: <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />,
  resolve: <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />,
  reopen: <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />,
  post: <MessageSquarePlus className="h-3.5 w-3.5" aria-hidden="true" />,
};
const DRAWING: ComposerDrawing = {
  video: modalVideo,
  labels: { draw: T.draw, noDrawing: T.noDrawing, pad: () => T.drawingPad, tools: { freehand: T.pen, arrow: T.arrow, rect: T.box }, undo: T.undo, clear: T.clear },
};
const RESOLVE = { resolve: T.resolve, reopen: T.reopen };
const RANGE = { in: T.rangeIn, out: T.rangeOut, clear: T.rangeClear };

/**
 * What the studio may do to the threads, with its words: reply to any, resolve or reopen any, delete
 * its own (after asking); a comment on an earlier version says which. The same objects until the
 * film, its version or the list's refresh change (the threads are memoised on them).
 */
function useStudioThreads(videoId: string, current: number, onChanged: () => Promise<unknown>) {
  const confirm = useConfirm();
  return useMemo(() => {
    const labels: CommentLabels = {
      name: (c) => c.author.name,
      seek: (at, c) => T.seek(at, c.author.name),
      frame: (_at, c) => T.drawingAt(clock(c.time)),
      version: (c) => (c.version !== current ? T.onVersion(c.version) : null),
      studio: T.studioBadge,
      resolved: T.resolved,
      edited: `(${T.edited})`,
      showDrawing: T.showDrawing,
      hideDrawing: T.hideDrawing,
      remove: T.deleteOwn,
    };
    const rights: CommentRights = {
      icons: ICONS,
      onDelete: async (c) => {
        if (await confirm(T.confirmDelete)) await tell(async () => (await apiCall(doors.comments.remove, { params: { videoId, commentId: c.id } }), await onChanged()));
      },
      onResolve: (c, resolved) => void tell(async () => (await apiCall(doors.comments.update, { params: { videoId, commentId: c.id }, body: { resolved } }), await onChanged())),
    };
    const reply: ThreadReply = {
      toggle: T.reply,
      post: T.post,
      label: (c) => T.replyLabel(c.author.name),
      // The box closes as the reply is written; the list is read again after.
      onPost: (c, text, clientKey) => tell(async () => (await apiCall(doors.comments.add, { params: { videoId }, body: { text, parentId: c.id, clientKey } }), void onChanged())),
    };
    return { labels, rights, reply };
  }, [videoId, current, onChanged, confirm]);
}

const NO_REPLIES: CommentDto[] = [];
type Shared = ReturnType<typeof useStudioThreads>;

/**
 * The threads in their scrolling list, only those in view (and a few around) on the page: a film's
 * thousand threads as elements made one long task of style and layout after each change (bench/review).
 * Each row is measured as it is drawn (a reply box opening makes it taller).
 */
const Threads = memo(function Threads({ threads, replies, onSeek, labels, rights, reply }: Shared & { threads: CommentDto[]; replies: Map<string, CommentDto[]>; onSeek: (s: number) => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  // Its functions change identity as it measures: nothing here is memoised on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: threads.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 88,
    overscan: 6,
    getItemKey: (i) => threads[i].id,
    // Before the first measure (a test's DOM without layout): the first rows, as a short list shows them.
    initialRect: { width: 320, height: 416 },
  });
  return (
    <div ref={scroller} className="max-h-[26rem] overflow-y-auto rounded-lg border border-zinc-200 bg-zinc-50">
      <ol className="relative w-full" style={{ height: rows.getTotalSize() }} aria-label={T.panelTitle} data-testid="comment-list">
        {rows.getVirtualItems().map((row) => {
          const c = threads[row.index];
          return (
            <Row
              key={row.key}
              index={row.index}
              count={threads.length}
              measure={rows.measureElement}
              top={row.start}
              face="studio"
              comment={c}
              replies={replies.get(c.id) ?? NO_REPLIES}
              labels={labels}
              video={modalVideo}
              onSeek={onSeek}
              reply={reply}
              nameReplies
              resolveLabels={RESOLVE}
              {...rights}
            />
          );
        })}
      </ol>
    </div>
  );
});

/** A thread in its virtual row: placed at `top`, measured as it is drawn. */
const Row = memo(function Row({ index, count, measure, top, ...thread }: ComponentProps<typeof Thread> & { index: number; count: number; measure: (el: Element | null) => void; top: number }) {
  const className = `absolute inset-x-0 border-b border-zinc-200 p-2.5 ${index === count - 1 ? "border-b-0" : ""} ${thread.comment.resolved ? "opacity-70" : ""}`;
  return <Thread {...thread} row={{ ref: measure, className, style: { transform: `translateY(${top}px)` }, "data-index": index, "aria-posinset": index + 1, "aria-setsize": count }} />;
});

/** The markers file in the format the editor's tool imports (a plain download of the door). */
function Markers({ videoId }: { videoId: string }) {
  const [format, setFormat] = useState<MarkerFormat>("csv");
  return (
    <div className="flex items-end gap-2 border-t border-zinc-200 pt-3">
      <div className="min-w-0 flex-1">
        <label htmlFor="markers-format" className="block text-xs font-medium text-zinc-700">
          {T.markersLabel}
        </label>
        <select
          id="markers-format"
          value={format}
          onChange={(e) => setFormat(e.target.value as MarkerFormat)}
          className="mt-1 w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm focus:border-brand-500 focus:outline-none"
        >
          {MARKER_FORMATS.map((f) => (
            <option key={f} value={f}>
              {T.markerFormats[f]}
            </option>
          ))}
        </select>
      </div>
      <a href={`${doors.comments.markers.url({ videoId })}?format=${format}`} download className={buttonClass("outline", "px-3 py-1.5 text-xs")} data-testid="markers-download">
        <Download className="h-3.5 w-3.5" aria-hidden="true" />
        {T.markersDownload}
      </a>
    </div>
  );
}
