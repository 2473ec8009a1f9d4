// A review panel's list kept by its live stream (lib/services/review/rules/live.ts): an event applied twice, or an
// answer and then its event, changes nothing more; a deleted thread takes its replies; a comment
// arriving late takes its place in time order.
import { applyReviewEvent, threadsOf, withComment, withoutComment } from "@/lib/services/review/rules/live";
import type { CommentDto } from "@/lib/contract/review";

const c = (id: string, createdAt: string, more: Partial<CommentDto> = {}): CommentDto => ({
  id,
  version: 1,
  author: { name: "Anna", kind: "guest", self: false },
  text: id,
  time: 1,
  endTime: null,
  drawing: null,
  parentId: null,
  resolved: false,
  resolvedAt: null,
  createdAt,
  editedAt: null,
  editableUntil: null,
  ...more,
});

const a = c("a", "2026-11-29T10:00:00.000Z");
const b = c("b", "2026-11-29T10:01:00.000Z");
const reply = c("r", "2026-11-29T10:02:00.000Z", { parentId: "a" });

describe("the live list", () => {
  it("inserts in time order, replaces in place, and is idempotent", () => {
    const late = withComment([b], a);
    expect(late.map((x) => x.id)).toEqual(["a", "b"]);
    const resolved = { ...a, resolved: true };
    const once = applyReviewEvent(late, { kind: "updated", commentId: "a", comment: resolved });
    expect(once.map((x) => [x.id, x.resolved])).toEqual([
      ["a", true],
      ["b", false],
    ]);
    expect(applyReviewEvent(once, { kind: "updated", commentId: "a", comment: resolved })).toEqual(once);
    expect(applyReviewEvent(once, { kind: "created", commentId: "b", comment: b })).toEqual(once);
  });

  it("drops a deleted thread with its replies, and leaves the list for a decision", () => {
    const list = [a, b, reply];
    expect(withoutComment(list, "a").map((x) => x.id)).toEqual(["b"]);
    expect(applyReviewEvent(list, { kind: "deleted", commentId: "r" }).map((x) => x.id)).toEqual(["a", "b"]);
    expect(applyReviewEvent(list, { kind: "approval" })).toEqual(list);
  });

  it("groups threads and their replies in one pass", () => {
    const { threads, replies } = threadsOf([a, b, reply]);
    expect(threads.map((x) => x.id)).toEqual(["a", "b"]);
    expect(replies.get("a")?.map((x) => x.id)).toEqual(["r"]);
    expect(replies.get("b")).toBeUndefined();
  });
});
