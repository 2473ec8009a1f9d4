"use client";
// A reply to a thread, open (its Reply button is the thread's: components/review/thread.tsx). A
// guest's is one line and its Post button (Enter sends; keys typed here stay out of the player's
// shortcuts); the studio's is the compact composer. Either closes once the reply is posted, and
// keeps the words when it was not.
import { useRef, useState, type ReactNode } from "react";
import { COMMENT_MAX } from "@/lib/limits";
import { Composer } from "@/components/review/composer";
import { LOOKS, type Face } from "@/components/review/looks";

export type ReplyProps = {
  /** "Reply to Anna": the box's label. */
  label: string;
  /** The Post button's words. */
  post: string;
  /** Posts the reply; false when it was not written. */
  onPost: (text: string, clientKey: string) => Promise<boolean>;
  postIcon?: ReactNode;
};

export function ReplyBox({ face, label, post, onPost, postIcon, onDone }: ReplyProps & { face: Face; onDone: () => void }) {
  const look = LOOKS[face].thread;
  const [text, setText] = useState("");
  const key = useRef(crypto.randomUUID());
  if (face === "studio")
    return (
      <div className={look.replyBox}>
        <Composer
          face={face}
          compact
          label={() => label}
          post={post}
          icons={{ post: postIcon }}
          onPost={async (words, _time, clientKey) => {
            const ok = await onPost(words, clientKey);
            if (ok) onDone();
            return ok;
          }}
        />
      </div>
    );
  return (
    <form
      className={look.replyBox}
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim()) return;
        if (await onPost(text, key.current)) {
          setText("");
          onDone();
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
        className={look.replyField}
      />
      <button type="submit" className={look.replyPost}>
        {post}
      </button>
    </form>
  );
}
