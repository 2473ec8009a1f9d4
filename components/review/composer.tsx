"use client";
// Writing in a film's review, for a guest's panel and the studio's alike: the composer (a new
// comment at the film's time, or over a range marked with its in and out points, with a drawing on
// its frame; compact, the studio's reply) and the box
// of words with Cancel (a guest's edit of a comment, a request's note). Every word is the panel's;
// LOOKS (./looks.ts) is how each face draws them.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { COMMENT_MAX } from "@/lib/limits";
import { markRange, type Range } from "@/lib/services/review/rules/range";
import { SketchPad, type Shape } from "@/components/review/sketch";
import { LOOKS, type Face } from "@/components/review/looks";

/** A drawing on the paused frame: the film's video, and the pad's words. */
export type ComposerDrawing = {
  video: () => HTMLVideoElement | null;
  labels: { draw: string; noDrawing: string; pad: (time: number) => string; tools: { freehand: string; arrow: string; rect: string }; undo: string; clear: string };
};

/**
 * A range (in and out points, each at the player's time when its button is pressed) and its words;
 * `onChange` hears the range being marked (null: none), which the panel's timeline draws as a span.
 */
export type ComposerRange = { labels: { in: string; out: string; clear: string }; onChange?: (range: Range | null) => void };

export type ComposerProps = {
  face: Face;
  /** The label over the box, at the comment's time (and the end of its range, if it has one). */
  label: (time: number, endTime: number | null) => string;
  /** The submit button's words. */
  post: string;
  onPost: (text: string, time: number, clientKey: string, shapes: Shape[], endTime: number | null) => Promise<boolean>;
  /** The box's id (default: made from its label). */
  id?: string;
  /** The comment's time when the panel follows the player (the studio's); else the time `hold` took. */
  time?: number;
  /** Pauses the film where the comment is; answers its time to keep (undefined: none). */
  hold?: () => number | undefined;
  /** Under the theater's player (the guest's): focusing the box holds the film, and keys typed here are the comment's, not the player's (Space, k, f…). */
  inTheater?: boolean;
  /** A reply's: a smaller box with its label unseen (a placeholder), focused as it opens. */
  compact?: boolean;
  /** Said when a post fails (without it, the panel says so itself). */
  failed?: string;
  /** A new thread may carry a drawing on the paused frame (a reply may not). */
  drawing?: ComposerDrawing;
  /** A new thread may cover a range of the film (a reply may not). */
  range?: ComposerRange;
  icons?: { draw?: ReactNode; post?: ReactNode };
};

/** A new comment's box: its text stays when posting fails; Post (or Ctrl/⌘+Enter) sends. */
export function Composer({ face, label, post, onPost, id, time: following, hold, inTheater, compact, failed, drawing: draws, range: ranges, icons }: ComposerProps) {
  const look = LOOKS[face].composer;
  const [text, setText] = useState("");
  const [held, setHeld] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [shapes, setShapes] = useState<Shape[]>([]);
  // One key per comment being written: sent again after a lost answer, the post finds the comment it made.
  const key = useRef(crypto.randomUUID());
  // The range marked (null: none, the comment is at the film's time); its in point is then the comment's time.
  const [marked, setMarked] = useState<Range | null>(null);
  const time = marked?.time ?? following ?? held;
  const endTime = marked?.endTime ?? null;
  const words = label(time, endTime);
  const boxId = id ?? `composer-${words.replace(/\W+/g, "-")}`;
  const onRange = ranges?.onChange;
  useEffect(() => onRange?.(marked), [onRange, marked]);
  useEffect(() => () => onRange?.(null), [onRange]);
  /** The film stops where the comment is: its time is the comment's (a drawing is on that frame); a range keeps its in point. */
  const stop = () => {
    const at = hold?.();
    if (at !== undefined && !marked) setHeld(at);
  };
  /** Sets the in or out point at the player's time (the film stops there); the in point defaults to the comment's time. */
  const mark = (point: "in" | "out") => {
    const from: Range = marked ?? { time, endTime: null };
    setMarked(markRange(from, point, hold?.() ?? following ?? held));
  };
  async function send() {
    if (!text.trim() || busy) return;
    setBusy(true);
    setError(false);
    const ok = await onPost(text, time, key.current, drawing ? shapes : [], endTime);
    setBusy(false);
    if (!ok) return setError(true);
    setText("");
    setMarked(null);
    setShapes([]);
    setDrawing(false);
    key.current = crypto.randomUUID();
  }
  return (
    <form
      className={look.form}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor={boxId} className={compact ? look.compactLabel : look.label}>
        {words}
      </label>
      <textarea
        id={boxId}
        rows={compact ? 2 : 3}
        maxLength={COMMENT_MAX}
        value={text}
        onFocus={inTheater ? () => !drawing && stop() : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (inTheater) e.stopPropagation();
          if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void send();
          }
        }}
        placeholder={compact ? words : undefined}
        // A reply box opens at a click or a key on Reply: the cursor goes there (a11y: where the action is).
        autoFocus={compact}
        className={look.box}
      />
      {draws && drawing && <Pad className={look.pad} draws={draws} time={time} shapes={shapes} onChange={setShapes} />}
      {failed && error && (
        <p role="alert" className={look.error}>
          {failed}
        </p>
      )}
      {ranges && (
        <div className={look.marks}>
          <button type="button" className={look.mark} onClick={() => mark("in")} data-testid="range-in">
            {ranges.labels.in}
          </button>
          <button type="button" className={look.mark} onClick={() => mark("out")} data-testid="range-out">
            {ranges.labels.out}
          </button>
          {endTime !== null && (
            <button type="button" className={look.mark} onClick={() => setMarked(null)}>
              {ranges.labels.clear}
            </button>
          )}
        </div>
      )}
      <div className={look.row}>
        {draws && (
          <button
            type="button"
            aria-expanded={drawing}
            onClick={() => {
              if (!drawing) stop();
              setDrawing((d) => !d);
            }}
            className={look.draw}
          >
            {icons?.draw}
            {drawing ? draws.labels.noDrawing : draws.labels.draw}
          </button>
        )}
        <button type="submit" disabled={busy || !text.trim()} className={look.post}>
          {icons?.post}
          {post}
        </button>
      </div>
    </form>
  );
}

function Pad({ className, draws, time, shapes, onChange }: { className: string | null; draws: ComposerDrawing; time: number; shapes: Shape[]; onChange: (s: Shape[]) => void }) {
  const { labels } = draws;
  const pad = <SketchPad video={draws.video()} value={shapes} onChange={onChange} labels={{ pad: labels.pad(time), tools: labels.tools, undo: labels.undo, clear: labels.clear }} />;
  return className ? <div className={className}>{pad}</div> : pad;
}

/**
 * A box of words with Cancel and its submit button, inside the caller's form: a guest's edit of a
 * comment, the note of a request for changes. Keys typed here stay out of the player's shortcuts; Escape cancels.
 */
export function WordsBox({
  id,
  "aria-label": ariaLabel,
  rows,
  value,
  onChange,
  onCancel,
  submit,
  cancel,
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
  cancel: string;
  disabled: boolean;
  small?: boolean;
}) {
  // Only a guest's panel edits a comment or asks for changes: the guest's look.
  const look = LOOKS.guest.words!;
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
        className={look.box}
      />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={`${look.cancel} ${size}`}>
          {cancel}
        </button>
        <button type="submit" disabled={disabled} className={`${look.submit} ${size}`}>
          {submit}
        </button>
      </div>
    </>
  );
}
