"use client";
// A guest's review of the open film, in the theater under the film: the comments (the
// studio's and every reviewer's, as plain text), each seeking the film to its time; a guest who may
// comment writes one at the film's time (focusing the box pauses the film there) and replies; a
// guest who may approve approves the version or requests changes (a note). In a delivered gallery
// both are read only. Loaded
// only for a guest the personal link's trade marked as a reviewer (lib/browser/review-hint.ts); the
// comment doors decide, and a refusal hides the panel and forgets the mark. The composer, threads,
// replies and approval are the review's own (components/review/), shared with the studio's panel.
// Each thread names its version once the film has more than one; the guest plays or compares an
// earlier cut the studio kept (./guest-versions.tsx) and writes on the current one only.
import { useEffect, useMemo, useRef, useState } from "react";
import type { MediaPlayerInstance } from "@vidstack/react";
import { useViewer } from "@/components/gallery/viewer-locale";
import { fill } from "@/lib/viewer-i18n/format";
import { clock } from "@/lib/services/guests/rules/insights";
import { PUBLIC_APPROVAL_PATH, PUBLIC_COMMENTS_LIVE_PATH, PUBLIC_COMMENTS_PATH, PUBLIC_COMMENT_PATH, publicPath } from "@/lib/contract/paths";
import type { approvals, CommentDto, guestComments } from "@/lib/contract/review";
import { publicCall, publicDoor, type PublicAnswer } from "@/lib/browser/public-call";
import { CommentStrip, stripComment } from "@/components/review/comment-strip";
import { drawingField, type Shape } from "@/components/review/sketch";
import { Composer, type ComposerDrawing, type ComposerRange } from "@/components/review/composer";
import type { Range } from "@/lib/services/review/rules/range";
import { Thread, type CommentLabels, type ThreadReply } from "@/components/review/thread";
import { Approval, type ApprovalLabels, type Decision } from "@/components/review/approval";
import { rememberReviewRight, type ReviewRight } from "@/lib/browser/review-hint";
import { followReview } from "@/lib/browser/review-live";
import { applyReviewEvent, threadsOf, withComment, withoutComment } from "@/lib/services/review/rules/live";
import { useProgressive } from "@/components/ui/use-progressive";
import GuestVersions from "@/components/gallery/guest-versions";
import type { ViewerVersionDto } from "@/lib/contract/films";

type Props = {
  gallery: string;
  galleryId: string;
  videoId: string;
  right: ReviewRight;
  player: MediaPlayerInstance | null;
  onSeek: (seconds: number) => void;
  /** The film's length (seconds), for the comments' timeline. */
  duration: number | null;
  /** The film's download opened by an approval made here (the page's cards were rendered before it). */
  onUnlocked?: (videoId: string) => void;
  /** The film's title (the compare's). */
  title: string;
  /** The earlier version the theater plays (null: the current one), and how to play another. */
  playing: number | null;
  onPlayVersion: (version: ViewerVersionDto | null) => void;
};

// The guest's review doors (lib/contract/review.ts), by their type only: the viewer loads no contract.
const DOORS = {
  list: publicDoor<typeof guestComments.list>("GET", PUBLIC_COMMENTS_PATH),
  add: publicDoor<typeof guestComments.add>("POST", PUBLIC_COMMENTS_PATH),
  update: publicDoor<typeof guestComments.update>("PATCH", PUBLIC_COMMENT_PATH),
  remove: publicDoor<typeof guestComments.remove>("DELETE", PUBLIC_COMMENT_PATH),
  approval: publicDoor<typeof approvals.get>("GET", PUBLIC_APPROVAL_PATH),
  decide: publicDoor<typeof approvals.decide>("PUT", PUBLIC_APPROVAL_PATH),
};

/** The film's video element in the theater's player (its frame is what a drawing is on). */
const videoOf = (player: MediaPlayerInstance | null | undefined): HTMLVideoElement | null => player?.el?.querySelector("video") ?? null;

export default function GuestReview({ gallery, galleryId, videoId, right, player, onSeek, onUnlocked, duration, title, playing, onPlayVersion }: Props) {
  const { t, count } = useViewer();
  const r = t.review;
  const [comments, setComments] = useState<CommentDto[] | null>(null);
  const [version, setVersion] = useState(1);
  const [mayComment, setMayComment] = useState(right === "comment");
  // A delivered gallery's review is read only (the doors answer `open`).
  const [open, setOpen] = useState(true);
  // A comment is written on the current version: not while an earlier one plays.
  const mayWrite = mayComment && open && playing === null;
  const query = useMemo(() => ({ g: gallery }), [gallery]);

  // The list is read again when the stream cannot resume (reset) or a change was refused (409).
  const [round, setRound] = useState(0);
  const reload = () => setRound((n) => n + 1);
  // Where the live stream starts (the first list's cursor), and the events had so far: a list read
  // while one arrived may be older than it, so it is read again.
  const [cursor, setCursor] = useState<number | null>(null);
  const heard = useRef(0);
  // A decision made by anyone: the Approval block reads its state again.
  const [decided, setDecided] = useState(0);

  useEffect(() => {
    let live = true;
    const before = heard.current;
    void publicCall(DOORS.list, { params: { videoId }, query }).then((res) => {
      if (!live) return;
      // Refused: the mark goes, and with it this panel (the theater reads the mark).
      if (!res.ok) return void (res.status === 403 && rememberReviewRight(galleryId, null));
      if (heard.current !== before) return reload();
      setComments(res.data.comments);
      setVersion(res.data.version);
      setOpen(res.data.open);
      setCursor((c) => c ?? res.data.cursor);
    });
    return () => {
      live = false;
    };
  }, [query, galleryId, videoId, round]);

  // Live (lib/browser/review-live.ts): every reviewer's and the studio's changes as they happen.
  const following = cursor !== null;
  useEffect(() => {
    if (cursor === null) return;
    return followReview(`${publicPath(PUBLIC_COMMENTS_LIVE_PATH, { videoId })}?g=${encodeURIComponent(gallery)}`, cursor, {
      event: (event) => {
        heard.current += 1;
        if (event.kind === "approval") setDecided((d) => d + 1);
        else setComments((list) => list && applyReviewEvent(list, event));
      },
      reset: reload,
    });
    // The stream starts once, from the first list; a list read again does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gallery, videoId, following]);

  /** Shows a change of this guest's own at once (its event, arriving after, changes nothing more); false when it was not made. */
  const showOwn = (res: PublicAnswer<{ comment: CommentDto }>): boolean => {
    if (res.ok) setComments((list) => withComment(list ?? [], res.data.comment));
    else if (res.status === 409) reload();
    return res.ok;
  };

  /** Posts a comment or reply; false when it was not written (the box keeps its text). */
  const post = async (body: { text: string; time?: number; endTime?: number | null; parentId?: string; clientKey: string; drawing?: { shapes: Shape[] } }): Promise<boolean> => {
    const res = await publicCall(DOORS.add, { params: { videoId }, query, body });
    if (!res.ok && res.status === 403) setMayComment(false);
    return showOwn(res);
  };

  /** Changes the guest's own comment (within its 10 minutes); false when it was not changed (the box keeps the words). */
  const edit = async (id: string, text: string): Promise<boolean> => showOwn(await publicCall(DOORS.update, { params: { videoId, commentId: id }, query, body: { text } }));

  const remove = async (c: CommentDto) => {
    if ((await publicCall(DOORS.remove, { params: { videoId, commentId: c.id }, query })).ok) setComments((list) => list && withoutComment(list, c.id));
  };

  // A film with more than one version tags each thread with the version it was written on.
  const tag = (v: number) => fill(r.version, { version: String(v) });
  const labels: CommentLabels = {
    name: (c) => (c.author.self ? r.you : c.author.name),
    version: (c) => (version > 1 && c.parentId === null ? tag(c.version) : null),
    seek: (at) => fill(r.seek, { time: at }),
    frame: (at) => fill(r.drawingAt, { time: at }),
    studio: r.studio,
    resolved: r.resolved,
    edited: r.edited,
    showDrawing: r.showDrawing,
    hideDrawing: r.hideDrawing,
    remove: r.delete,
    edit: { edit: r.edit, label: r.editLabel, save: r.save, cancel: r.cancel },
  };
  const reply: ThreadReply = { toggle: r.reply, post: r.post, label: (c) => fill(r.replyTo, { name: c.author.name }), onPost: (c, text, clientKey) => post({ text, parentId: c.id, clientKey }) };
  const drawing: ComposerDrawing = {
    video: () => videoOf(player),
    labels: { draw: r.draw, noDrawing: r.noDrawing, pad: (time) => fill(r.drawingAt, { time: clock(time) }), tools: { freehand: r.pen, arrow: r.arrow, rect: r.box }, undo: r.undo, clear: r.clear },
  };
  // The range the composer marks, drawn on the timeline as it is marked.
  const [marking, setMarking] = useState<Range | null>(null);
  const range: ComposerRange = useMemo(() => ({ labels: { in: r.rangeIn, out: r.rangeOut, clear: r.rangeClear }, onChange: setMarking }), [r]);
  const draft = useMemo(() => marking && { range: marking, label: (at: string) => fill(r.rangeDraft, { time: at }) }, [marking, r]);
  const approvalLabels: ApprovalLabels = {
    heading: r.approval,
    approve: r.approve,
    requestChanges: r.requestChanges,
    noteLabel: r.noteLabel,
    send: r.send,
    cancel: r.cancel,
    approvedBy: (name, v) => fill(r.approvedBy, { name, version: v }),
    changesRequested: (v) => fill(r.changesRequested, { version: v }),
    awaiting: (v) => fill(r.awaiting, { version: v }),
    youApproved: (v) => fill(r.youApproved, { version: v }),
    youRequested: (v) => fill(r.youRequested, { version: v }),
    roundsUsedUp: (n) => count(r.roundsUsedUp, n),
    decisionFailed: r.decisionFailed,
    versionChanged: r.versionChanged,
  };
  const loadApproval = async () => {
    const res = await publicCall(DOORS.approval, { params: { videoId }, query });
    return res.ok ? res.data : null;
  };
  const decide = async (body: Decision) => {
    const res = await publicCall(DOORS.decide, { params: { videoId }, query, body });
    return res.ok ? null : res.code;
  };

  const { threads, replies } = useMemo(() => threadsOf(comments ?? []), [comments]);
  // A long list is shown a few dozen threads per task (no long task: bench/review).
  const shown = useProgressive(threads.length);

  return (
    <section aria-label={r.heading} className="mt-6 px-4 sm:px-0" data-testid="guest-review">
      <Approval
        labels={approvalLabels}
        load={loadApproval}
        decide={decide}
        decided={decided}
        readKey={`${gallery}/${videoId}`}
        onRead={(a) => a.unlocked && a.state.state === "approved" && onUnlocked?.(videoId)}
      />
      <GuestVersions gallery={gallery} videoId={videoId} title={title} playing={playing} onPlay={onPlayVersion} />
      <h2 className="mb-2 text-xs font-semibold tracking-widest text-zinc-400 uppercase">{r.heading}</h2>
      {comments !== null && !open && <p className="mb-2 text-sm text-zinc-400">{r.closed}</p>}
      <div className="mb-3">
        <CommentStrip
          comments={threads.map((c) => stripComment(c, c.author.self ? r.you : c.author.name))}
          duration={duration}
          version={version}
          onSeek={onSeek}
          label={r.timeline}
          markerLabel={(at, name, v) => fill(r.marker, { time: at, name }) + (v !== null ? ` (${tag(v)})` : "")}
          sharedLabel={(at, n, names) => fill(r.markerShared, { time: at, count: String(n), names })}
          tone="dark"
          draft={draft}
        />
      </div>
      {mayWrite && (
        <Composer
          face="guest"
          id="guest-comment-box"
          inTheater
          hold={() => {
            if (!player) return undefined;
            player.pause();
            return Math.floor(player.currentTime * 10) / 10;
          }}
          drawing={drawing}
          range={range}
          onPost={(text, time, clientKey, shapes, endTime) => post({ text, time, endTime, clientKey, ...drawingField(shapes) })}
          label={(time, endTime) => fill(r.commentAt, { time: clock(time) + (endTime !== null ? `–${clock(endTime)}` : "") })}
          post={r.post}
          failed={r.failed}
        />
      )}
      {comments !== null && threads.length === 0 && <p className="mt-3 text-sm text-zinc-400">{mayWrite ? r.empty : r.emptyReadOnly}</p>}
      <ol className="mt-3 divide-y divide-white/10 overflow-hidden rounded-xl bg-white/5" data-testid="guest-comments">
        {threads.slice(0, shown).map((c) => (
          <Thread
            key={c.id}
            face="guest"
            row={{ className: "px-4 py-3" }}
            comment={c}
            replies={replies.get(c.id) ?? []}
            labels={labels}
            video={drawing.video}
            onSeek={onSeek}
            onDelete={remove}
            onEdit={edit}
            reply={mayWrite ? reply : undefined}
          />
        ))}
      </ol>
    </section>
  );
}
