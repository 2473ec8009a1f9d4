// A review panel's list of comments kept up to date by its live stream (live review), and by
// the answers of the reader's own changes. Pure: both panels (the studio's, a guest's) and the
// tests use it. Applying an event twice, or an answer and then its event, changes nothing more.
import type { CommentDto, ReviewLiveEvent } from "@/lib/contract/review";

const before = (a: CommentDto, b: CommentDto) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);

/** The list with `comment` in its place: replaced when there, else inserted in the list's order (oldest first). */
export function withComment(list: readonly CommentDto[], comment: CommentDto): CommentDto[] {
  const at = list.findIndex((c) => c.id === comment.id);
  if (at >= 0) return list.map((c, i) => (i === at ? comment : c));
  let i = list.length;
  while (i > 0 && before(comment, list[i - 1])) i -= 1;
  return [...list.slice(0, i), comment, ...list.slice(i)];
}

/** The list without a comment and its replies. */
export function withoutComment(list: readonly CommentDto[], id: string): CommentDto[] {
  return list.filter((c) => c.id !== id && c.parentId !== id);
}

/** The list after one event of the stream (a decision leaves it as it is). */
export function applyReviewEvent(list: readonly CommentDto[], event: ReviewLiveEvent): CommentDto[] {
  switch (event.kind) {
    case "created":
    case "updated":
      return withComment(list, event.comment);
    case "deleted":
      return withoutComment(list, event.commentId);
    default:
      return [...list];
  }
}

/** A list's threads (first comments, in order) and each thread's replies, in one pass. */
export function threadsOf(list: readonly CommentDto[]): { threads: CommentDto[]; replies: Map<string, CommentDto[]> } {
  const threads: CommentDto[] = [];
  const replies = new Map<string, CommentDto[]>();
  for (const c of list) {
    if (c.parentId === null) threads.push(c);
    else replies.set(c.parentId, [...(replies.get(c.parentId) ?? []), c]);
  }
  return { threads, replies };
}
