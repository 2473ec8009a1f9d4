"use client";
// A guest's review of the open film (issue 40), in the theater under the film: the comments (the
// studio's and every reviewer's, as plain text), each seeking the film to its time; a guest who may
// comment writes one at the film's time (focusing the box pauses the film there) and replies; a
// guest who may approve approves the version or requests changes (a note). In a delivered gallery
// both are read only. Loaded
// only for a guest the personal link's trade marked as a reviewer (lib/browser/review-hint.ts); the
// comment doors decide, and a refusal hides the panel and forgets the mark.
import { useEffect, useMemo, useRef, useState } from "react";
import type { MediaPlayerInstance } from "@vidstack/react";
import { useViewer } from "@/components/gallery/viewer-locale";
import { fill } from "@/lib/viewer-i18n/format";
import { clock } from "@/lib/services/guests/rules/insights";
import { COMMENT_MAX } from "@/lib/limits";
import { PUBLIC_APPROVAL_PATH, PUBLIC_COMMENTS_LIVE_PATH, PUBLIC_COMMENTS_PATH, PUBLIC_COMMENT_PATH, publicPath } from "@/lib/contract/paths";
import type { GuestApprovalDto, CommentDto } from "@/lib/contract/review";
import { CommentStrip, stripComment } from "@/components/review/comment-strip";
import { CommentDrawing, drawingField, SketchPad, type Shape } from "@/components/review/sketch";
import { roundsUsedUp } from "@/lib/services/review/rules/approval";
import { rememberReviewRight, type ReviewRight } from "@/lib/browser/review-hint";
import { followReview } from "@/lib/browser/review-live";
import { applyReviewEvent, threadsOf, withComment, withoutComment } from "@/lib/services/review/rules/live";
import { useProgressive } from "@/components/ui/use-progressive";

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
};

const withGallery = (path: string, gallery: string) => `${path}?g=${encodeURIComponent(gallery)}`;

/** A guest's request to a review door (their cookie names them); null when the network failed. */
const ask = (url: string, method = "GET", body?: unknown): Promise<Response | null> =>
  fetch(url, {
    method,
    credentials: "same-origin",
    cache: "no-store",
    ...(body !== undefined ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
  }).catch(() => null);

export default function GuestReview({ gallery, galleryId, videoId, right, player, onSeek, onUnlocked, duration }: Props) {
  const { t } = useViewer();
  const [comments, setComments] = useState<CommentDto[] | null>(null);
  const [version, setVersion] = useState(1);
  const [mayComment, setMayComment] = useState(right === "comment");
  // A delivered gallery's review is read only (the doors answer `open`).
  const [open, setOpen] = useState(true);
  const mayWrite = mayComment && open;

  // The list is read again when the stream cannot resume (reset) or a change was refused (409).
  const [round, setRound] = useState(0);
  const reload = () => setRound((r) => r + 1);
  // Where the live stream starts (the first list's cursor), and the events had so far: a list read
  // while one arrived may be older than it, so it is read again.
  const [cursor, setCursor] = useState<number | null>(null);
  const heard = useRef(0);
  // A decision made by anyone: the Approval block reads its state again.
  const [decided, setDecided] = useState(0);

  useEffect(() => {
    let live = true;
    const before = heard.current;
    void (async () => {
      const res = await ask(withGallery(publicPath(PUBLIC_COMMENTS_PATH, { videoId }), gallery));
      if (!live) return;
      // Refused: the mark goes, and with it this panel (the theater reads the mark).
      if (res?.status === 403) rememberReviewRight(galleryId, null);
      else if (res?.ok) {
        const got = (await res.json()) as { comments: CommentDto[]; open: boolean; version: number; cursor: number };
        if (!live) return;
        if (heard.current !== before) return reload();
        setComments(got.comments);
        setVersion(got.version);
        setOpen(got.open);
        setCursor((c) => c ?? got.cursor);
      }
    })();
    return () => {
      live = false;
    };
  }, [gallery, galleryId, videoId, round]);

  // Live (lib/browser/review-live.ts): every reviewer's and the studio's changes as they happen.
  const following = cursor !== null;
  useEffect(() => {
    if (cursor === null) return;
    return followReview(withGallery(publicPath(PUBLIC_COMMENTS_LIVE_PATH, { videoId }), gallery), cursor, {
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

  /** Shows a change of this guest's own at once (its event, arriving after, changes nothing more). */
  const showOwn = async (res: Response) => {
    const { comment } = (await res.json()) as { comment: CommentDto };
    setComments((list) => withComment(list ?? [], comment));
  };

  /** Posts a comment or reply; false when it was not written (the box keeps its text). */
  async function post(body: { text: string; time?: number; parentId?: string; clientKey: string; drawing?: { shapes: Shape[] } }): Promise<boolean> {
    const res = await ask(withGallery(publicPath(PUBLIC_COMMENTS_PATH, { videoId }), gallery), "POST", body);
    if (res?.status === 403) setMayComment(false);
    if (res?.status === 409) reload();
    if (!res?.ok) return false;
    await showOwn(res);
    return true;
  }

  /** Changes the guest's own comment (within its 10 minutes); false when it was not changed (the box keeps the words). */
  async function edit(id: string, text: string): Promise<boolean> {
    const res = await ask(withGallery(publicPath(PUBLIC_COMMENT_PATH, { videoId, commentId: id }), gallery), "PATCH", { text });
    if (res?.status === 409) reload();
    if (!res?.ok) return false;
    await showOwn(res);
    return true;
  }

  async function remove(id: string) {
    const res = await ask(withGallery(publicPath(PUBLIC_COMMENT_PATH, { videoId, commentId: id }), gallery), "DELETE");
    if (res?.ok) setComments((list) => list && withoutComment(list, id));
  }

  const { threads, replies } = useMemo(() => threadsOf(comments ?? []), [comments]);
  const repliesOf = (id: string) => replies.get(id) ?? [];
  // A long list is shown a few dozen threads per task (no long task: bench/review).
  const shown = useProgressive(threads.length);

  return (
    <section aria-label={t.review.heading} className="mt-6 px-4 sm:px-0" data-testid="guest-review">
      <Approval gallery={gallery} videoId={videoId} onUnlocked={onUnlocked} decided={decided} />
      <h2 className="mb-2 text-xs font-semibold tracking-widest text-zinc-400 uppercase">{t.review.heading}</h2>
      {comments !== null && !open && <p className="mb-2 text-sm text-zinc-400">{t.review.closed}</p>}
      <div className="mb-3">
        <CommentStrip
          comments={threads.map((c) => stripComment(c, c.author.self ? t.review.you : c.author.name))}
          duration={duration}
          version={version}
          onSeek={onSeek}
          label={t.review.timeline}
          markerLabel={(at, name, v) => fill(t.review.marker, { time: at, name }) + (v !== null ? ` (v${v})` : "")}
          sharedLabel={(at, count, names) => fill(t.review.markerShared, { time: at, count: String(count), names })}
          tone="dark"
        />
      </div>
      {mayWrite && (
        <Composer
          player={player}
          onPost={(text, time, clientKey, shapes) => post({ text, time, clientKey, ...drawingField(shapes) })}
          label={(time) => fill(t.review.commentAt, { time: clock(time) })}
          submit={t.review.post}
          failed={t.review.failed}
        />
      )}
      {comments !== null && threads.length === 0 && <p className="mt-3 text-sm text-zinc-400">{mayWrite ? t.review.empty : t.review.emptyReadOnly}</p>}
      <ol className="mt-3 divide-y divide-white/10 overflow-hidden rounded-xl bg-white/5" data-testid="guest-comments">
        {threads.slice(0, shown).map((c) => (
          <li key={c.id} className="px-4 py-3" data-testid="guest-comment">
            <Comment comment={c} onSeek={onSeek} onDelete={remove} onEdit={edit} player={player} />
            {repliesOf(c.id).length > 0 && (
              <ol className="mt-2 space-y-2 border-l-2 border-white/15 pl-3">
                {repliesOf(c.id).map((r) => (
                  <li key={r.id}>
                    <Comment comment={r} onDelete={remove} onEdit={edit} />
                  </li>
                ))}
              </ol>
            )}
            {mayWrite && <ReplyBox name={c.author.name} onPost={(text, clientKey) => post({ text, parentId: c.id, clientKey })} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The film's video element in the theater's player (its frame is what a drawing is on). */
const videoOf = (player: MediaPlayerInstance | null | undefined): HTMLVideoElement | null => player?.el?.querySelector("video") ?? null;

function Comment({
  comment,
  onSeek,
  onDelete,
  onEdit,
  player,
}: {
  player?: MediaPlayerInstance | null;
  comment: CommentDto;
  onSeek?: (seconds: number) => void;
  onDelete: (id: string) => void;
  onEdit: (id: string, text: string) => Promise<boolean>;
}) {
  const { t } = useViewer();
  const [editing, setEditing] = useState<string | null>(null);
  const at = clock(comment.time) + (comment.endTime !== null ? `–${clock(comment.endTime)}` : "");
  return (
    <div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-400">
        {onSeek && (
          <button
            type="button"
            onClick={() => onSeek(comment.time)}
            className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-zinc-100 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
            aria-label={fill(t.review.seek, { time: at })}
          >
            {at}
          </button>
        )}
        <span className="font-semibold text-zinc-100">{comment.author.self ? t.review.you : comment.author.name}</span>
        {comment.author.kind === "studio" && <span className="rounded bg-white/15 px-1 text-[10px] font-semibold uppercase">{t.review.studio}</span>}
        {comment.resolved && <span className="rounded bg-emerald-400/20 px-1 text-[10px] font-semibold text-emerald-200">{t.review.resolved}</span>}
        {comment.editedAt && <span>{t.review.edited}</span>}
        {comment.editableUntil && editing === null && (
          <span className="ml-auto flex gap-1">
            <button type="button" onClick={() => setEditing(comment.text)} className="rounded px-1 text-zinc-400 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white">
              {t.review.edit}
            </button>
            <button type="button" onClick={() => onDelete(comment.id)} className="rounded px-1 text-zinc-400 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white">
              {t.review.delete}
            </button>
          </span>
        )}
      </p>
      {editing === null ? (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-zinc-100" data-testid="guest-comment-text">
          {comment.text}
        </p>
      ) : null}
      {comment.drawing && editing === null && (
        <CommentDrawing
          time={comment.time}
          shapes={comment.drawing.shapes}
          video={() => videoOf(player)}
          onSeek={onSeek}
          labels={{ show: t.review.showDrawing, hide: t.review.hideDrawing, frame: fill(t.review.drawingAt, { time: at }) }}
          className="mt-1 rounded px-1 text-xs text-zinc-300 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        />
      )}
      {editing === null ? null : (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            if (editing.trim() && (await onEdit(comment.id, editing))) setEditing(null);
          }}
        >
          <WordsBox aria-label={t.review.editLabel} rows={2} value={editing} onChange={setEditing} onCancel={() => setEditing(null)} submit={t.review.save} disabled={!editing.trim()} small />
        </form>
      )}
    </div>
  );
}

/** The new comment's box: focusing it pauses the film and takes its time; Post (or Ctrl/⌘+Enter) sends. */
function Composer({
  player,
  onPost,
  label,
  submit,
  failed,
}: {
  player: MediaPlayerInstance | null;
  onPost: (text: string, time: number, clientKey: string, shapes: Shape[]) => Promise<boolean>;
  label: (time: number) => string;
  submit: string;
  failed: string;
}) {
  const [text, setText] = useState("");
  const [time, setTime] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [shapes, setShapes] = useState<Shape[]>([]);
  const { t } = useViewer();
  const key = useRef(crypto.randomUUID());
  /** The film stops where the comment is: its time is the comment's. */
  const hold = () => {
    if (!player) return;
    player.pause();
    setTime(Math.floor(player.currentTime * 10) / 10);
  };
  async function send() {
    if (!text.trim() || busy) return;
    setBusy(true);
    setError(false);
    const ok = await onPost(text, time, key.current, drawing ? shapes : []);
    setBusy(false);
    if (!ok) return setError(true);
    setText("");
    setShapes([]);
    setDrawing(false);
    key.current = crypto.randomUUID();
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      className="flex flex-col gap-2"
    >
      <label htmlFor="guest-comment-box" className="text-sm text-zinc-200">
        {label(time)}
      </label>
      <textarea
        id="guest-comment-box"
        rows={3}
        maxLength={COMMENT_MAX}
        value={text}
        onFocus={() => {
          if (!drawing) hold();
        }}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Keys typed here are the comment's, not the player's (Space, k, f…).
          e.stopPropagation();
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void send();
          }
        }}
        className="w-full rounded-lg border border-white/20 bg-white/5 px-3 py-2 text-sm text-white placeholder:text-zinc-500 focus:border-white/60 focus:outline-none"
      />
      {drawing && (
        <SketchPad
          video={videoOf(player)}
          value={shapes}
          onChange={setShapes}
          labels={{ pad: fill(t.review.drawingAt, { time: clock(time) }), tools: { freehand: t.review.pen, arrow: t.review.arrow, rect: t.review.box }, undo: t.review.undo, clear: t.review.clear }}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {failed}
        </p>
      )}
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-expanded={drawing}
          onClick={() => {
            if (!drawing) hold();
            setDrawing((d) => !d);
          }}
          className="rounded-full px-3 py-1.5 text-sm text-zinc-200 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          {drawing ? t.review.noDrawing : t.review.draw}
        </button>
        <button
          type="submit"
          disabled={busy || !text.trim()}
          className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-zinc-950 hover:bg-zinc-200 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-white"
        >
          {submit}
        </button>
      </div>
    </form>
  );
}

function ReplyBox({ name, onPost }: { name: string; onPost: (text: string, clientKey: string) => Promise<boolean> }) {
  const { t } = useViewer();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const key = useRef(crypto.randomUUID());
  const label = fill(t.review.replyTo, { name });
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className="mt-2 text-xs text-zinc-300 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white">
        {t.review.reply}
      </button>
    );
  return (
    <form
      className="mt-2 flex gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) return;
        if (await onPost(text, key.current)) {
          setText("");
          setOpen(false);
          key.current = crypto.randomUUID();
        }
      }}
    >
      <input
        aria-label={label}
        placeholder={label}
        value={text}
        maxLength={COMMENT_MAX}
        autoFocus
        onKeyDown={(e) => e.stopPropagation()}
        onChange={(e) => setText(e.target.value)}
        className="min-w-0 flex-1 rounded-lg border border-white/20 bg-white/5 px-3 py-1.5 text-sm text-white focus:border-white/60 focus:outline-none"
      />
      <button type="submit" className="rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-zinc-950 hover:bg-white focus-visible:outline-2 focus-visible:outline-white">
        {t.review.post}
      </button>
    </form>
  );
}

/**
 * The film's approval: its state ("Approved by Anna · v2", "Changes requested", awaiting); for a
 * guest who may approve (while in review), Approve, or Request changes with a note. Before a request
 * once the included revision rounds are used, a line says so. The version watched is sent with the
 * decision, so one posted meanwhile is not approved unseen (the door answers 409, and this asks again).
 */
function Approval({ gallery, videoId, onUnlocked, decided }: { gallery: string; videoId: string; onUnlocked?: (videoId: string) => void; decided: number }) {
  const { t, count } = useViewer();
  const [approval, setApproval] = useState<GuestApprovalDto | null>(null);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const url = withGallery(publicPath(PUBLIC_APPROVAL_PATH, { videoId }), gallery);

  useEffect(() => {
    let live = true;
    void (async () => {
      const res = await ask(url);
      if (!live || !res?.ok) return;
      const got = (await res.json()) as GuestApprovalDto;
      if (!live) return;
      setApproval(got);
      if (got.unlocked && got.state.state === "approved") onUnlocked?.(videoId);
    })();
    return () => {
      live = false;
    };
  }, [url, round, decided, videoId, onUnlocked]);

  async function decide(decision: "approved" | "changes_requested") {
    if (!approval || busy) return;
    setBusy(true);
    setError(null);
    const res = await ask(url, "PUT", { decision, version: approval.version, ...(decision === "changes_requested" ? { note } : {}) });
    setBusy(false);
    if (res?.ok) {
      setAsking(false);
      setNote("");
    } else setError((await res?.json().catch(() => null))?.code === "version_changed" ? t.review.versionChanged : t.review.decisionFailed);
    setRound((r) => r + 1);
  }

  if (!approval) return null;
  const { state, mine, version, rounds } = approval;
  const stateLine =
    state.state === "approved"
      ? fill(t.review.approvedBy, { name: state.by, version: state.version })
      : state.state === "changes_requested"
        ? fill(t.review.changesRequested, { version: state.version })
        : fill(t.review.awaiting, { version });
  const canDecide = approval.mayApprove && approval.open;
  const usedUp = roundsUsedUp(rounds.included, rounds.used);
  return (
    <div className="mb-6 rounded-xl bg-white/5 px-4 py-3" data-testid="guest-approval">
      <h2 className="text-xs font-semibold tracking-widest text-zinc-400 uppercase">{t.review.approval}</h2>
      <p
        className={`mt-1 text-sm font-semibold ${state.state === "approved" ? "text-emerald-300" : state.state === "changes_requested" ? "text-amber-300" : "text-zinc-100"}`}
        data-testid="approval-state"
      >
        {stateLine}
      </p>
      {mine && <p className="mt-1 text-xs text-zinc-400">{fill(mine.decision === "approved" ? t.review.youApproved : t.review.youRequested, { version: mine.version })}</p>}
      {canDecide && !asking && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            disabled={busy || mine?.decision === "approved"}
            onClick={() => void decide("approved")}
            className="rounded-full bg-emerald-400 px-4 py-1.5 text-sm font-semibold text-emerald-950 hover:bg-emerald-300 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t.review.approve}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => setAsking(true)}
            className="rounded-full border border-white/30 px-4 py-1.5 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t.review.requestChanges}
          </button>
        </div>
      )}
      {canDecide && asking && (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (note.trim()) void decide("changes_requested");
          }}
        >
          {usedUp && (
            <p className="text-sm text-amber-200" data-testid="rounds-used-up">
              {count(t.review.roundsUsedUp, rounds.included ?? 0)}
            </p>
          )}
          <label htmlFor="approval-note" className="text-sm text-zinc-200">
            {t.review.noteLabel}
          </label>
          <WordsBox id="approval-note" rows={3} value={note} onChange={setNote} onCancel={() => setAsking(false)} submit={t.review.send} disabled={busy || !note.trim()} />
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A box of words with Cancel and its submit button, inside the caller's form: an edit of a comment,
 * the note of a request for changes. Keys typed here stay out of the player's shortcuts; Escape cancels.
 */
function WordsBox({
  id,
  "aria-label": ariaLabel,
  rows,
  value,
  onChange,
  onCancel,
  submit,
  disabled,
  small,
}: {
  id?: string;
  "aria-label"?: string;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  onCancel: () => void;
  submit: string;
  disabled: boolean;
  small?: boolean;
}) {
  const { t } = useViewer();
  const size = small ? "px-3 py-1 text-xs" : "px-4 py-1.5 text-sm";
  return (
    <>
      <textarea
        id={id}
        aria-label={ariaLabel}
        rows={rows}
        maxLength={COMMENT_MAX}
        value={value}
        autoFocus
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === "Escape") onCancel();
        }}
        className="w-full rounded-lg border border-white/20 bg-white/5 px-3 py-2 text-sm text-white focus:border-white/60 focus:outline-none"
      />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={`rounded-full ${size} text-zinc-300 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white`}>
          {t.review.cancel}
        </button>
        <button
          type="submit"
          disabled={disabled}
          className={`rounded-full bg-white ${size} font-semibold text-zinc-950 hover:bg-zinc-200 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-white`}
        >
          {submit}
        </button>
      </div>
    </>
  );
}
