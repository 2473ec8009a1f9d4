"use client";
// A guest's review of the open film (issue 40), in the theater under the film: the comments (the
// studio's and every reviewer's, as plain text), each seeking the film to its time; a guest who may
// comment writes one at the film's time (focusing the box pauses the film there) and replies. Loaded
// only for a guest the personal link's trade marked as a reviewer (lib/browser/review-hint.ts); the
// comment doors decide, and a refusal hides the panel and forgets the mark.
import { useEffect, useRef, useState } from "react";
import type { MediaPlayerInstance } from "@vidstack/react";
import { useViewer } from "@/components/gallery/viewer-locale";
import { fill } from "@/lib/viewer-i18n/format";
import { clock } from "@/lib/insights";
import { COMMENT_MAX } from "@/lib/limits";
import { PUBLIC_COMMENTS_PATH, PUBLIC_COMMENT_PATH, publicPath } from "@/lib/contract/paths";
import { rememberReviewRight, type ReviewRight } from "@/lib/browser/review-hint";
import type { CommentDto } from "@/lib/dto/comments";

type Props = { gallery: string; galleryId: string; videoId: string; right: ReviewRight; player: MediaPlayerInstance | null; onSeek: (seconds: number) => void };

const withGallery = (path: string, gallery: string) => `${path}?g=${encodeURIComponent(gallery)}`;

export default function GuestReview({ gallery, galleryId, videoId, right, player, onSeek }: Props) {
  const { t } = useViewer();
  const [comments, setComments] = useState<CommentDto[] | null>(null);
  const [mayWrite, setMayWrite] = useState(right === "comment");

  // Asked again after each change of this guest's (a post, a reply, a delete).
  const [round, setRound] = useState(0);
  const reload = () => setRound((r) => r + 1);

  useEffect(() => {
    let live = true;
    void (async () => {
      const res = await fetch(withGallery(publicPath(PUBLIC_COMMENTS_PATH, { videoId }), gallery), { credentials: "same-origin", cache: "no-store" }).catch(() => null);
      if (!live) return;
      // Refused: the mark goes, and with it this panel (the theater reads the mark).
      if (res?.status === 403) rememberReviewRight(galleryId, null);
      else if (res?.ok) {
        const { comments: got } = (await res.json()) as { comments: CommentDto[] };
        if (live) setComments(got);
      }
    })();
    return () => {
      live = false;
    };
  }, [gallery, galleryId, videoId, round]);

  /** Posts a comment or reply; false when it was not written (the box keeps its text). */
  async function post(body: { text: string; time?: number; parentId?: string; clientKey: string }): Promise<boolean> {
    const res = await fetch(withGallery(publicPath(PUBLIC_COMMENTS_PATH, { videoId }), gallery), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    }).catch(() => null);
    if (res?.status === 403) setMayWrite(false);
    if (!res?.ok) return false;
    reload();
    return true;
  }

  async function remove(id: string) {
    const res = await fetch(withGallery(publicPath(PUBLIC_COMMENT_PATH, { videoId, commentId: id }), gallery), { method: "DELETE", credentials: "same-origin" }).catch(() => null);
    if (res?.ok) reload();
  }

  const threads = (comments ?? []).filter((c) => c.parentId === null);
  const repliesOf = (id: string) => (comments ?? []).filter((c) => c.parentId === id);

  return (
    <section aria-label={t.review.heading} className="mt-6 px-4 sm:px-0" data-testid="guest-review">
      <h2 className="mb-2 text-xs font-semibold tracking-widest text-zinc-400 uppercase">{t.review.heading}</h2>
      {mayWrite && (
        <Composer
          player={player}
          onPost={(text, time, clientKey) => post({ text, time, clientKey })}
          label={(time) => fill(t.review.commentAt, { time: clock(time) })}
          submit={t.review.post}
          failed={t.review.failed}
        />
      )}
      {comments !== null && threads.length === 0 && <p className="mt-3 text-sm text-zinc-400">{t.review.empty}</p>}
      <ol className="mt-3 divide-y divide-white/10 overflow-hidden rounded-xl bg-white/5" data-testid="guest-comments">
        {threads.map((c) => (
          <li key={c.id} className="px-4 py-3" data-testid="guest-comment">
            <Comment comment={c} onSeek={onSeek} onDelete={remove} />
            {repliesOf(c.id).length > 0 && (
              <ol className="mt-2 space-y-2 border-l-2 border-white/15 pl-3">
                {repliesOf(c.id).map((r) => (
                  <li key={r.id}>
                    <Comment comment={r} onDelete={remove} />
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

function Comment({ comment, onSeek, onDelete }: { comment: CommentDto; onSeek?: (seconds: number) => void; onDelete: (id: string) => void }) {
  const { t } = useViewer();
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
        {comment.editableUntil && (
          <button type="button" onClick={() => onDelete(comment.id)} className="ml-auto rounded px-1 text-zinc-400 underline hover:text-white focus-visible:outline-2 focus-visible:outline-white">
            {t.review.delete}
          </button>
        )}
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-zinc-100" data-testid="guest-comment-text">
        {comment.text}
      </p>
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
  onPost: (text: string, time: number, clientKey: string) => Promise<boolean>;
  label: (time: number) => string;
  submit: string;
  failed: string;
}) {
  const [text, setText] = useState("");
  const [time, setTime] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const key = useRef(crypto.randomUUID());
  async function send() {
    if (!text.trim() || busy) return;
    setBusy(true);
    setError(false);
    const ok = await onPost(text, time, key.current);
    setBusy(false);
    if (!ok) return setError(true);
    setText("");
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
          if (!player) return;
          player.pause();
          setTime(Math.floor(player.currentTime * 10) / 10);
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
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {failed}
        </p>
      )}
      <div className="flex justify-end">
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
