"use client";
// A thread of a film's review, for a guest's panel and the studio's alike: its first comment (a
// button that seeks the film to its time, who wrote it, its badges, its text as plain text — never
// markup — and its drawing), its replies, and Reply. What the reader may do is the panel's: edit
// and delete their own comment within its 10 minutes (`editableUntil`), resolve or reopen (the
// studio), reply (whoever may write); every word is the panel's too.
import { memo, useState, type CSSProperties, type ReactNode, type Ref } from "react";
import type { CommentDto } from "@/lib/contract/review";
import { clock } from "@/lib/services/guests/rules/insights";
import { CommentDrawing } from "@/components/review/sketch";
import { WordsBox } from "@/components/review/composer";
import { ReplyBox } from "@/components/review/reply";
import { LOOKS, type Face } from "@/components/review/looks";

/** The words of a comment, some of them its own (`at`: its time, or its range, as a clock). */
export type CommentLabels = {
  name: (c: CommentDto) => string;
  seek: (at: string, c: CommentDto) => string;
  /** The drawing's frame. */
  frame: (at: string, c: CommentDto) => string;
  /** A badge naming the version it was written on (null: none). */
  version?: (c: CommentDto) => string | null;
  studio: string;
  resolved: string;
  edited: string;
  showDrawing: string;
  hideDrawing: string;
  /** The delete button's words (its name, when it is an icon). */
  remove: string;
  /** The edit of one's own comment, when the panel offers it. */
  edit?: { edit: string; label: string; save: string; cancel: string };
};

/** What a reader may do to a comment, and the icons of the studio's buttons. */
export type CommentRights = {
  onDelete?: (c: CommentDto) => void;
  /** Changes one's own comment; false when it was not changed (the box keeps the words). */
  onEdit?: (id: string, text: string) => Promise<boolean>;
  /** Resolves or reopens a thread. */
  onResolve?: (c: CommentDto, resolved: boolean) => void;
  icons?: { remove?: ReactNode; resolve?: ReactNode; reopen?: ReactNode; post?: ReactNode };
};

type BodyProps = CommentRights & {
  face: Face;
  comment: CommentDto;
  labels: CommentLabels;
  /** The film's video, where a drawing is shown over its frame. */
  video: () => HTMLVideoElement | null;
  /** A thread's first comment seeks the film (a reply does not). */
  onSeek?: (seconds: number) => void;
};

/** One comment: who wrote it, on which version, its text, its drawing; the reader's own, edited or deleted. */
function CommentBody({ face, comment, labels, video, onSeek, onDelete, onEdit, icons }: BodyProps) {
  const look = LOOKS[face].comment;
  const [editing, setEditing] = useState<string | null>(null);
  const at = clock(comment.time) + (comment.endTime !== null ? `–${clock(comment.endTime)}` : "");
  const version = labels.version?.(comment) ?? null;
  const edit = onEdit && labels.edit;
  return (
    <div>
      <p className={look.head}>
        {onSeek && (
          <button type="button" onClick={() => onSeek(comment.time)} className={look.seek} aria-label={labels.seek(at, comment)} data-testid={look.seekId}>
            {at}
          </button>
        )}
        <span className={look.name}>{labels.name(comment)}</span>
        {comment.author.kind === "studio" && <span className={look.badge}>{labels.studio}</span>}
        {version !== null && <span className={look.version}>{version}</span>}
        {comment.resolved && <span className={look.resolved}>{labels.resolved}</span>}
        {comment.editedAt && <span>{labels.edited}</span>}
        {comment.editableUntil && editing === null && (edit || onDelete) && (
          <span className={look.own}>
            {edit && (
              <button type="button" onClick={() => setEditing(comment.text)} className={look.ownButton}>
                {edit.edit}
              </button>
            )}
            {onDelete && (
              <button type="button" onClick={() => onDelete(comment)} className={look.ownButton} aria-label={icons?.remove ? labels.remove : undefined}>
                {icons?.remove ?? labels.remove}
              </button>
            )}
          </span>
        )}
      </p>
      {editing === null && (
        <p className={look.text} data-testid={look.textId}>
          {comment.text}
        </p>
      )}
      {comment.drawing && editing === null && (
        <CommentDrawing
          time={comment.time}
          shapes={comment.drawing.shapes}
          video={video}
          onSeek={onSeek}
          labels={{ show: labels.showDrawing, hide: labels.hideDrawing, frame: labels.frame(at, comment) }}
          className={look.drawing}
        />
      )}
      {editing !== null && edit && (
        <form
          className="mt-2 flex flex-col gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            if (editing.trim() && (await onEdit(comment.id, editing))) setEditing(null);
          }}
        >
          <WordsBox aria-label={edit.label} rows={2} value={editing} onChange={setEditing} onCancel={() => setEditing(null)} submit={edit.save} cancel={edit.cancel} disabled={!editing.trim()} small />
        </form>
      )}
    </div>
  );
}

/** Reply, for a reader who may write: the words, and the post of a reply to a thread (false: not written). */
export type ThreadReply = {
  toggle: string;
  post: string;
  /** "Reply to Anna": the box's label (and the studio's replies' list name). */
  label: (thread: CommentDto) => string;
  onPost: (thread: CommentDto, text: string, clientKey: string) => Promise<boolean>;
};

export type ThreadProps = Omit<BodyProps, "onSeek"> & {
  replies: CommentDto[];
  onSeek: (seconds: number) => void;
  reply?: ThreadReply;
  /** The replies' list is named by the reply's label (the studio's). */
  nameReplies?: boolean;
  /** The resolve buttons' words, with `onResolve`. */
  resolveLabels?: { resolve: string; reopen: string };
  /** The list item's own: the studio's virtual rows place and measure it. */
  row?: { ref?: Ref<HTMLLIElement>; className?: string; style?: CSSProperties; "data-index"?: number; "aria-posinset"?: number; "aria-setsize"?: number };
};

/**
 * A thread: its first comment, Reply and Resolve, its replies, the reply box. The studio's face has
 * a row of actions under the first comment (Reply opens the box under the replies); a guest's has
 * Reply under the replies, and its box takes its place.
 */
export const Thread = memo(function Thread({ replies, reply, nameReplies, resolveLabels, row, onResolve, ...body }: ThreadProps) {
  const look = LOOKS[body.face].thread;
  const [replying, setReplying] = useState(false);
  const { comment } = body;
  const { onSeek, ...inReply } = body;
  const label = reply?.label(comment) ?? "";
  const box = reply && replying && (
    <ReplyBox face={body.face} label={label} post={reply.post} onPost={(text, key) => reply.onPost(comment, text, key)} postIcon={body.icons?.post} onDone={() => setReplying(false)} />
  );
  return (
    <li {...row} data-testid={look.id}>
      <CommentBody {...body} onSeek={onSeek} />
      {look.actions && (
        <div className={look.actions}>
          {reply && (
            <button type="button" className={look.replyToggle} onClick={() => setReplying((r) => !r)} aria-expanded={replying}>
              {reply.toggle}
            </button>
          )}
          {onResolve && resolveLabels && (
            <button type="button" className={look.action} onClick={() => onResolve(comment, !comment.resolved)}>
              {comment.resolved ? body.icons?.reopen : body.icons?.resolve}
              {comment.resolved ? resolveLabels.reopen : resolveLabels.resolve}
            </button>
          )}
        </div>
      )}
      {replies.length > 0 && (
        <ol className={look.replies} aria-label={nameReplies ? label : undefined}>
          {replies.map((r) => (
            <li key={r.id} data-testid={look.replyId}>
              <CommentBody {...inReply} comment={r} />
            </li>
          ))}
        </ol>
      )}
      {look.actions
        ? box
        : reply &&
          (box || (
            <button type="button" onClick={() => setReplying(true)} className={look.replyToggle}>
              {reply.toggle}
            </button>
          ))}
    </li>
  );
});
