/** @jest-environment jsdom */
// One thread component for a guest's panel and the studio's (components/review/thread.tsx): what
// a reader may do is the panel's props, not the face. Its own comment within its 10 minutes: a
// guest edits or deletes it (words), the studio deletes it (a named icon) and never edits; only a
// panel that gives `onResolve` resolves; Reply only for a reader who may write.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { Thread, type CommentLabels } from "@/components/review/thread";
import type { CommentDto } from "@/lib/contract/review";

const comment: CommentDto = {
  id: "c1",
  parentId: null,
  time: 12,
  endTime: null,
  version: 1,
  text: "Too loud here.",
  resolved: false,
  resolvedAt: null,
  drawing: null,
  author: { kind: "guest", name: "Anna", self: true },
  createdAt: "2026-12-01T10:00:00.000Z",
  editedAt: null,
  editableUntil: "2026-12-01T10:10:00.000Z",
};

const labels: CommentLabels = {
  name: (c) => c.author.name,
  seek: (at) => `Play from ${at}`,
  frame: (at) => `Frame at ${at}`,
  studio: "Studio",
  resolved: "Resolved",
  edited: "edited",
  showDrawing: "Show drawing",
  hideDrawing: "Hide drawing",
  remove: "Delete",
  edit: { edit: "Edit", label: "Change your comment", save: "Save", cancel: "Cancel" },
};

const reply = { toggle: "Reply", post: "Post", label: (c: CommentDto) => `Reply to ${c.author.name}`, onPost: jest.fn(async () => true) };

it("a guest edits and deletes their own comment in words, replies under the thread, and resolves nothing", () => {
  const onDelete = jest.fn();
  render(<Thread face="guest" comment={comment} replies={[]} labels={labels} video={() => null} onSeek={jest.fn()} onDelete={onDelete} onEdit={jest.fn(async () => true)} reply={reply} />);
  const item = screen.getByTestId("guest-comment");
  expect(within(item).getByRole("button", { name: "Delete" })).toHaveTextContent("Delete");
  expect(within(item).queryByRole("button", { name: "Resolve" })).toBeNull();
  fireEvent.click(within(item).getByRole("button", { name: "Reply" }));
  expect(within(item).getByRole("textbox", { name: "Reply to Anna" })).toHaveFocus();
  fireEvent.click(within(item).getByRole("button", { name: "Edit" }));
  expect(within(item).getByRole("textbox", { name: "Change your comment" })).toHaveValue("Too loud here.");
});

it("the studio deletes by a named icon, never edits, resolves, and reads without Reply when it may not write", () => {
  const onResolve = jest.fn();
  render(
    <Thread
      face="studio"
      comment={comment}
      replies={[]}
      labels={labels}
      video={() => null}
      onSeek={jest.fn()}
      onDelete={jest.fn()}
      onResolve={onResolve}
      resolveLabels={{ resolve: "Resolve", reopen: "Reopen" }}
      icons={{ remove: <svg data-testid="bin" /> }}
    />,
  );
  const item = screen.getByTestId("comment-thread");
  expect(within(item).getByRole("button", { name: "Delete" })).toContainElement(screen.getByTestId("bin"));
  expect(within(item).queryByRole("button", { name: "Edit" })).toBeNull();
  expect(within(item).queryByRole("button", { name: "Reply" })).toBeNull();
  fireEvent.click(within(item).getByRole("button", { name: "Resolve" }));
  expect(onResolve).toHaveBeenCalledWith(comment, true);
});
