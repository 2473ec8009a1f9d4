// A film's review comments as the API shows them (issue 40): built by lib/services/comments.ts for
// the studio's and the guests' comment doors.
import type { Drawing } from "@/lib/validation/comments";

export type CommentDto = {
  id: string;
  /** The film's version it was made on (a reply: its thread's). */
  version: number;
  /** `self`: the reader wrote it. Guests are named as the studio named them; no address is shown. */
  author: { name: string; kind: "studio" | "guest"; self: boolean };
  text: string;
  /** Seconds on the film; `endTime` closes a range (null: a point). */
  time: number;
  endTime: number | null;
  drawing: Drawing | null;
  /** The thread's first comment, for a reply. */
  parentId: string | null;
  resolved: boolean;
  resolvedAt: string | null;
  createdAt: string;
  editedAt: string | null;
  /** Until when the reader may change or delete it (their own, within 10 minutes); else null. */
  editableUntil: string | null;
};

/**
 * One change of a film's review as its live stream sends it (lib/services/review-events.ts):
 * a comment as the reader sees it now, a deletion (its replies go with it), or a decision.
 */
export type ReviewLiveEvent = { kind: "created" | "updated"; commentId: string; comment: CommentDto } | { kind: "deleted"; commentId: string } | { kind: "approval" };
