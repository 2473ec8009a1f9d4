// The two faces of the review components (components/review/): a guest's, light on the dark
// theater under the film (components/gallery/guest-review.tsx), and the studio's, in the film
// player's REVIEW tab (components/studio/player/review-panel.tsx). A face is only how things look
// and the test ids the browser tests select by; what a reader may do (reply, edit, delete,
// resolve) and every word are the panel's props.
import { buttonClass } from "@/components/ui/button";

export type Face = "guest" | "studio";

type Look = {
  composer: { form: string; label: string; compactLabel: string; box: string; pad: string | null; row: string; draw: string; post: string; error: string; marks: string; mark: string };
  comment: {
    head: string;
    seek: string;
    seekId?: string;
    name: string;
    badge: string;
    version: string;
    resolved: string;
    own: string;
    ownButton: string;
    text: string;
    textId: string;
    drawing: string;
  };
  /** `actions`: the row of Reply (and Resolve) under a thread's first comment; without it, Reply is under the replies and its box takes its place. */
  thread: { id: string; actions?: string; action?: string; replies: string; replyId?: string; replyToggle: string; replyBox: string; replyField?: string; replyPost?: string };
  /** A box of words with Cancel and submit (a comment's edit, a request's note); its buttons' size is the caller's. */
  words?: { box: string; cancel: string; submit: string };
};

const FOCUS = "focus-visible:outline-2 focus-visible:outline-white";

export const LOOKS: Record<Face, Look> = {
  guest: {
    composer: {
      form: "flex flex-col gap-2",
      label: "text-sm text-zinc-200",
      compactLabel: "text-sm text-zinc-200",
      box: "w-full rounded-lg border border-white/20 bg-white/5 px-3 py-2 text-sm text-white placeholder:text-zinc-500 focus:border-white/60 focus:outline-none",
      pad: null,
      row: "flex items-center justify-between gap-2",
      draw: `rounded-full px-3 py-1.5 text-sm text-zinc-200 underline hover:text-white ${FOCUS}`,
      post: `rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-zinc-950 hover:bg-zinc-200 disabled:opacity-40 ${FOCUS}`,
      error: "text-sm text-red-300",
      marks: "flex flex-wrap items-center gap-2",
      mark: `rounded-full border border-white/20 px-3 py-1 text-xs text-zinc-200 hover:bg-white/10 hover:text-white ${FOCUS}`,
    },
    comment: {
      head: "flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-400",
      seek: `rounded bg-white/10 px-1.5 py-0.5 font-mono text-zinc-100 hover:bg-white/20 ${FOCUS}`,
      name: "font-semibold text-zinc-100",
      badge: "rounded bg-white/15 px-1 text-[10px] font-semibold uppercase",
      version: "rounded bg-sky-300/20 px-1 text-[10px] font-semibold text-sky-100",
      resolved: "rounded bg-emerald-400/20 px-1 text-[10px] font-semibold text-emerald-200",
      own: "ml-auto flex gap-1",
      ownButton: `rounded px-1 text-zinc-400 underline hover:text-white ${FOCUS}`,
      text: "mt-1 text-sm break-words whitespace-pre-wrap text-zinc-100",
      textId: "guest-comment-text",
      drawing: `mt-1 rounded px-1 text-xs text-zinc-300 underline hover:text-white ${FOCUS}`,
    },
    thread: {
      id: "guest-comment",
      replies: "mt-2 space-y-2 border-l-2 border-white/15 pl-3",
      replyToggle: `mt-2 text-xs text-zinc-300 underline hover:text-white ${FOCUS}`,
      replyBox: "mt-2 flex gap-2",
      replyField: "min-w-0 flex-1 rounded-lg border border-white/20 bg-white/5 px-3 py-1.5 text-sm text-white focus:border-white/60 focus:outline-none",
      replyPost: `rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-zinc-950 hover:bg-white ${FOCUS}`,
    },
    words: {
      box: "w-full rounded-lg border border-white/20 bg-white/5 px-3 py-2 text-sm text-white focus:border-white/60 focus:outline-none",
      cancel: `rounded-full text-zinc-300 underline hover:text-white ${FOCUS}`,
      submit: `rounded-full bg-white font-semibold text-zinc-950 hover:bg-zinc-200 disabled:opacity-40 ${FOCUS}`,
    },
  },
  studio: {
    composer: {
      form: "flex flex-col gap-1.5",
      label: "text-xs font-medium text-zinc-700",
      compactLabel: "sr-only",
      box: "w-full resize-y rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 focus:border-brand-500 focus:outline-none",
      pad: "rounded-lg bg-zinc-900 p-2",
      row: "flex items-center justify-end gap-2",
      draw: buttonClass("ghost", "mr-auto px-2 py-1 text-xs"),
      post: buttonClass("primary", "px-3 py-1 text-xs"),
      error: "text-sm text-red-700",
      marks: "flex flex-wrap items-center gap-1.5",
      mark: buttonClass("outline", "px-2 py-0.5 text-xs"),
    },
    comment: {
      head: "flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-zinc-500",
      seek: "shrink-0 rounded bg-white px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700 ring-1 ring-zinc-200 hover:bg-brand-50",
      seekId: "comment-seek",
      name: "font-semibold text-zinc-800",
      badge: "rounded bg-zinc-200 px-1 text-[10px] font-semibold text-zinc-700 uppercase",
      version: "rounded bg-amber-100 px-1 text-[10px] font-semibold text-amber-800",
      resolved: "rounded bg-emerald-100 px-1 text-[10px] font-semibold text-emerald-800",
      // No box of its own: the delete button is pushed right in the head's row.
      own: "contents",
      ownButton: "ml-auto rounded p-0.5 text-zinc-500 hover:bg-red-50 hover:text-red-700",
      text: "mt-0.5 text-sm break-words whitespace-pre-wrap text-zinc-900",
      textId: "comment-text",
      drawing: "mt-1 text-xs text-brand-700 underline hover:text-brand-900",
    },
    thread: {
      id: "comment-thread",
      actions: "mt-1.5 flex flex-wrap gap-1.5",
      action: buttonClass("ghost", "px-2 py-0.5 text-xs"),
      replies: "mt-2 space-y-2 border-l-2 border-zinc-200 pl-3",
      replyId: "comment-reply",
      replyToggle: buttonClass("ghost", "px-2 py-0.5 text-xs"),
      replyBox: "mt-2",
    },
  },
};
