"use client";
// REVIEW (issue 40): a film's time-coded comments for the studio — its guests' and its own. A new
// comment is at the player's current time; each thread seeks there, takes replies, and is resolved
// or reopened; the studio's own comments are deleted within their 10 minutes. The markers file for
// the editor downloads from here.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
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
import { COMMENT_MAX } from "@/lib/limits";
import { MARKER_FORMATS, type MarkerFormat } from "@/lib/services/review/rules/markers";
import type { CommentDto } from "@/lib/contract/review";
import { CommentStrip, stripComment } from "@/components/review/comment-strip";
import { CommentDrawing, drawingField, SketchPad, type Shape } from "@/components/review/sketch";
import { followReview } from "@/lib/browser/review-live";
import { applyReviewEvent, threadsOf } from "@/lib/services/review/rules/live";
import { useVirtualizer } from "@tanstack/react-virtual";

const T = TEXTS.review;
type Props = { videoId: string; duration: number | null; currentTime: number; onSeek: (seconds: number) => void };

export function useComments(videoId: string) {
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
      <CommentStrip comments={strip} duration={duration} version={data?.version ?? 1} onSeek={seek} label={T.timelineLabel} markerLabel={markerLabel} sharedLabel={sharedLabel} />
      <Composer
        drawable
        label={T.newLabel(clock(at))}
        onPost={async (text, clientKey, shapes) => (await apiCall(doors.comments.add, { params: { videoId }, body: { text, time: at, clientKey, ...drawingField(shapes) } }), refresh())}
      />
      {isPending || threads.length === 0 ? (
        <ol className="rounded-lg border border-zinc-200 bg-zinc-50" aria-label={T.panelTitle} data-testid="comment-list">
          <li className="p-3 text-sm text-zinc-500">{isPending ? T.loading : T.empty}</li>
        </ol>
      ) : (
        <Threads videoId={videoId} threads={threads} replies={replies} current={data?.version ?? 1} onSeek={seek} onChanged={refresh} />
      )}
      <Markers videoId={videoId} />
    </div>
  );
}

const NO_REPLIES: CommentDto[] = [];

/**
 * The threads in their scrolling list, only those in view (and a few around) on the page: a film's
 * thousand threads as elements made one long task of style and layout after each change (bench/review).
 * Each row is measured as it is drawn (a reply box opening makes it taller).
 */
const Threads = memo(function Threads({
  videoId,
  threads,
  replies,
  current,
  onSeek,
  onChanged,
}: {
  videoId: string;
  threads: CommentDto[];
  replies: Map<string, CommentDto[]>;
  current: number;
  onSeek: (s: number) => void;
  onChanged: () => Promise<unknown>;
}) {
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
            <Thread
              key={row.key}
              index={row.index}
              count={threads.length}
              measure={rows.measureElement}
              top={row.start}
              videoId={videoId}
              comment={c}
              replies={replies.get(c.id) ?? NO_REPLIES}
              current={current}
              onSeek={onSeek}
              onChanged={onChanged}
            />
          );
        })}
      </ol>
    </div>
  );
});

/** A text box and its Post button: the text stays when posting fails. */
function Composer({
  label,
  onPost,
  compact,
  drawable,
}: {
  label: string;
  onPost: (text: string, clientKey: string, shapes: Shape[]) => Promise<unknown>;
  compact?: boolean;
  /** A new thread may carry a drawing on the paused frame (a reply may not). */
  drawable?: boolean;
}) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [shapes, setShapes] = useState<Shape[]>([]);
  // One key per comment being written: sent again after a lost answer, the post finds the comment it made.
  const [clientKey, setClientKey] = useState(() => crypto.randomUUID());
  const id = `composer-${label.replace(/\W+/g, "-")}`;
  async function post() {
    if (!text.trim() || busy) return;
    setBusy(true);
    try {
      await onPost(text, clientKey, drawing ? shapes : []);
      setText("");
      setShapes([]);
      setDrawing(false);
      setClientKey(crypto.randomUUID());
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        void post();
      }}
    >
      <label htmlFor={id} className={compact ? "sr-only" : "text-xs font-medium text-zinc-700"}>
        {label}
      </label>
      <textarea
        id={id}
        rows={compact ? 2 : 3}
        maxLength={COMMENT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void post();
          }
        }}
        placeholder={compact ? label : undefined}
        // A reply box opens at a click or a key on Reply: the cursor goes there (a11y: where the action is).
        autoFocus={compact}
        className="w-full resize-y rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 focus:border-brand-500 focus:outline-none"
      />
      {drawing && (
        <div className="rounded-lg bg-zinc-900 p-2">
          <SketchPad video={modalVideo()} value={shapes} onChange={setShapes} labels={{ pad: T.drawingPad, tools: { freehand: T.pen, arrow: T.arrow, rect: T.box }, undo: T.undo, clear: T.clear }} />
        </div>
      )}
      <div className="flex items-center justify-end gap-2">
        {drawable && (
          <button
            type="button"
            aria-expanded={drawing}
            onClick={() => {
              // The film stops where the comment is: the drawing is on that frame.
              if (!drawing) modalVideo()?.pause();
              setDrawing((d) => !d);
            }}
            className={buttonClass("ghost", "mr-auto px-2 py-1 text-xs")}
          >
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
            {drawing ? T.noDrawing : T.draw}
          </button>
        )}
        <button type="submit" className={buttonClass("primary", "px-3 py-1 text-xs")} disabled={busy || !text.trim()}>
          <MessageSquarePlus className="h-3.5 w-3.5" aria-hidden="true" />
          {T.post}
        </button>
      </div>
    </form>
  );
}

const Thread = memo(function Thread({
  index,
  count,
  measure,
  top,
  videoId,
  comment,
  replies,
  current,
  onSeek,
  onChanged,
}: {
  index: number;
  count: number;
  measure: (el: Element | null) => void;
  top: number;
  videoId: string;
  comment: CommentDto;
  replies: CommentDto[];
  current: number;
  onSeek: (s: number) => void;
  onChanged: () => Promise<unknown>;
}) {
  const [replying, setReplying] = useState(false);
  const at = clock(comment.time) + (comment.endTime !== null ? `–${clock(comment.endTime)}` : "");
  async function setResolved(resolved: boolean) {
    try {
      await apiCall(doors.comments.update, { params: { videoId, commentId: comment.id }, body: { resolved } });
      await onChanged();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }
  return (
    <li
      ref={measure}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={count}
      className={`absolute inset-x-0 border-b border-zinc-200 p-2.5 ${index === count - 1 ? "border-b-0" : ""} ${comment.resolved ? "opacity-70" : ""}`}
      style={{ transform: `translateY(${top}px)` }}
      data-testid="comment-thread"
    >
      <div>
        <div>
          <CommentBody
            videoId={videoId}
            comment={comment}
            current={current}
            onChanged={onChanged}
            onSeek={onSeek}
            time={
              <button
                type="button"
                onClick={() => onSeek(comment.time)}
                className="shrink-0 rounded bg-white px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700 ring-1 ring-zinc-200 hover:bg-brand-50"
                aria-label={T.seek(at, comment.author.name)}
                data-testid="comment-seek"
              >
                {at}
              </button>
            }
          />
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <button type="button" className={buttonClass("ghost", "px-2 py-0.5 text-xs")} onClick={() => setReplying((r) => !r)} aria-expanded={replying}>
              {T.reply}
            </button>
            {comment.resolved ? (
              <button type="button" className={buttonClass("ghost", "px-2 py-0.5 text-xs")} onClick={() => void setResolved(false)}>
                <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
                {T.reopen}
              </button>
            ) : (
              <button type="button" className={buttonClass("ghost", "px-2 py-0.5 text-xs")} onClick={() => void setResolved(true)}>
                <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
                {T.resolve}
              </button>
            )}
          </div>
          {replies.length > 0 && (
            <ol className="mt-2 space-y-2 border-l-2 border-zinc-200 pl-3" aria-label={T.replyLabel(comment.author.name)}>
              {replies.map((r) => (
                <li key={r.id} data-testid="comment-reply">
                  <CommentBody videoId={videoId} comment={r} current={current} onChanged={onChanged} />
                </li>
              ))}
            </ol>
          )}
          {replying && (
            <div className="mt-2">
              <Composer
                compact
                label={T.replyLabel(comment.author.name)}
                onPost={async (text, clientKey) => {
                  await apiCall(doors.comments.add, { params: { videoId }, body: { text, parentId: comment.id, clientKey } });
                  setReplying(false);
                  await onChanged();
                }}
              />
            </div>
          )}
        </div>
      </div>
    </li>
  );
});

/** The film player's video (a drawing is shown over its frame at the comment's time). */
const modalVideo = (): HTMLVideoElement | null => document.querySelector<HTMLVideoElement>("[data-testid=video-player-modal] video");

/** Who wrote it, on which version, and the text as plain text (never markup). */
function CommentBody({
  videoId,
  comment,
  current,
  onChanged,
  time,
  onSeek,
}: {
  videoId: string;
  comment: CommentDto;
  current: number;
  onChanged: () => Promise<unknown>;
  time?: React.ReactNode;
  onSeek?: (seconds: number) => void;
}) {
  const confirm = useConfirm();
  async function remove() {
    if (!(await confirm(T.confirmDelete))) return;
    try {
      await apiCall(doors.comments.remove, { params: { videoId, commentId: comment.id } });
      await onChanged();
    } catch (e) {
      toast.error((e as Error).message);
    }
  }
  return (
    <div>
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-zinc-500">
        {time}
        <span className="font-semibold text-zinc-800">{comment.author.name}</span>
        {comment.author.kind === "studio" && <span className="rounded bg-zinc-200 px-1 text-[10px] font-semibold text-zinc-700 uppercase">{T.studioBadge}</span>}
        {comment.version !== current && <span className="rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-800">{T.onVersion(comment.version)}</span>}
        {comment.resolved && <span className="rounded bg-emerald-100 px-1 text-[10px] font-semibold text-emerald-800">{T.resolved}</span>}
        {comment.editedAt && <span>({T.edited})</span>}
        {comment.editableUntil && (
          <button type="button" onClick={() => void remove()} className="ml-auto rounded p-0.5 text-zinc-500 hover:bg-red-50 hover:text-red-700" aria-label={T.deleteOwn}>
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        )}
      </p>
      <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-zinc-900" data-testid="comment-text">
        {comment.text}
      </p>
      {comment.drawing && (
        <CommentDrawing
          time={comment.time}
          shapes={comment.drawing.shapes}
          video={modalVideo}
          onSeek={onSeek}
          labels={{ show: T.showDrawing, hide: T.hideDrawing, frame: T.drawingAt(clock(comment.time)) }}
          className="mt-1 text-xs text-brand-700 underline hover:text-brand-900"
        />
      )}
    </div>
  );
}

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
