import { initialQueue, pendingBytes, queueReducer, uploadsToStart, type QueueAction, type QueueState, type UploadItem } from "@/lib/browser/uploads/queue";

const file = (name: string) => new File(["x"], name, { type: "video/mp4" });
const item = (id: string, extra: Partial<UploadItem> = {}): UploadItem => ({
  id,
  fileName: `${id}.mp4`,
  size: 10,
  target: { galleryId: "g" },
  status: "queued",
  percentage: 0,
  file: file(`${id}.mp4`),
  ...extra,
});
const run = (actions: QueueAction[], from: QueueState = initialQueue) => actions.reduce(queueReducer, from);
const statuses = (s: QueueState) => Object.fromEntries(s.items.map((i) => [i.id, i.status]));

describe("upload queue", () => {
  it("starts at most three uploads at once, oldest first, and the next when one finishes", () => {
    let s = run([{ type: "add", items: ["a", "b", "c", "d", "e"].map((id) => item(id)) }]);
    expect(uploadsToStart(s, 3).map((i) => i.id)).toEqual(["a", "b", "c"]);
    s = run(
      ["a", "b", "c"].map((id) => ({ type: "start", id })),
      s,
    );
    expect(uploadsToStart(s, 3)).toEqual([]);
    s = run([{ type: "complete", id: "b", videoId: "v-b", state: "processing", at: 1 }], s);
    expect(uploadsToStart(s, 3).map((i) => i.id)).toEqual(["d"]);
    s = run(
      [
        { type: "fail", id: "a", error: "Part 1 failed" },
        { type: "start", id: "d" },
      ],
      s,
    );
    expect(uploadsToStart(s, 3).map((i) => i.id)).toEqual(["e"]);
    expect(statuses(s)).toEqual({ a: "failed", b: "processing", c: "uploading", d: "uploading", e: "queued" });
    expect(s.items.find((i) => i.id === "a")?.error).toBe("Part 1 failed");
  });

  it("goes queued → uploading → processing, holding 100% for the sent file", () => {
    let s = run([
      { type: "add", items: [item("a")] },
      { type: "start", id: "a" },
      { type: "progress", id: "a", percentage: 42.7 },
    ]);
    expect(s.items[0]).toMatchObject({ status: "uploading", percentage: 42 });
    s = run([{ type: "progress", id: "a", percentage: 100 }], s);
    expect(s.items[0].percentage).toBe(99);
    s = run([{ type: "complete", id: "a", videoId: "v-a", state: "processing", at: 1 }], s);
    expect(s.items[0]).toMatchObject({ status: "processing", percentage: 100, file: undefined, videoId: "v-a" });
    // A late progress event does not move a finished bar.
    expect(run([{ type: "progress", id: "a", percentage: 10 }], s)).toBe(s);
  });

  it("removes a cancelled bar for good: later updates and re-adds of its id are ignored", () => {
    let s = run([
      { type: "add", items: [item("a"), item("b")] },
      { type: "start", id: "a" },
      { type: "cancel", id: "a" },
    ]);
    expect(s.items.map((i) => i.id)).toEqual(["b"]);
    expect(s.cancelled.has("a")).toBe(true);
    const after = run(
      [
        { type: "progress", id: "a", percentage: 50 },
        { type: "complete", id: "a", videoId: "v-a", state: "processing", at: 1 },
        { type: "fail", id: "a", error: "x" },
        { type: "add", items: [item("a")] },
      ],
      s,
    );
    expect(after).toBe(s);
    // A cancelled queued upload is never started either.
    s = run([{ type: "cancel", id: "b" }], s);
    expect(uploadsToStart(s, 3)).toEqual([]);
  });

  it("does not add the same id twice", () => {
    const s = run([
      { type: "add", items: [item("a")] },
      { type: "add", items: [item("a", { fileName: "other.mp4" })] },
    ]);
    expect(s.items).toHaveLength(1);
    expect(s.items[0].fileName).toBe("a.mp4");
  });

  it("dismisses and clears only finished bars", () => {
    let s = run([
      { type: "add", items: [item("a"), item("b"), item("c")] },
      { type: "start", id: "a" },
      { type: "start", id: "b" },
      { type: "complete", id: "a", videoId: "v-a", state: "processing", at: 1 },
      { type: "fail", id: "b", error: "Upload failed" },
    ]);
    expect(run([{ type: "dismiss", id: "c" }], s)).toBe(s);
    s = run([{ type: "dismiss", id: "a" }], s);
    expect(s.items.map((i) => i.id)).toEqual(["b", "c"]);
    s = run([{ type: "clearFinished" }], s);
    expect(s.items.map((i) => i.id)).toEqual(["c"]);
  });

  it("an interrupted upload waits for its file, then queues to resume", () => {
    const resume = { key: "k", uploadId: "u" };
    let s = run([{ type: "add", items: [item("r", { status: "interrupted", file: undefined, resume })] }]);
    expect(uploadsToStart(s, 3)).toEqual([]);
    s = run([{ type: "start", id: "r" }], s);
    expect(s.items[0].status).toBe("interrupted");
    s = run([{ type: "attach", id: "r", file: file("r.mp4") }], s);
    expect(s.items[0]).toMatchObject({ status: "queued", resume });
    expect(uploadsToStart(s, 3).map((i) => i.id)).toEqual(["r"]);
  });

  it("a file picked for an unfinished upload that the server refuses leaves it unfinished, saying why", () => {
    const resume = { key: "k", uploadId: "u" };
    const unfinished = { lastModified: 1, galleryName: "G", storedBytes: 5, expiresAt: "2026-12-08T10:00:00.000Z", expired: false };
    let s = run([
      { type: "add", items: [item("r", { status: "interrupted", file: undefined, resume, unfinished })] },
      { type: "attach", id: "r", file: file("r.mp4") },
      { type: "start", id: "r" },
    ]);
    s = run([{ type: "refused", id: "r", error: "Not that file" }], s);
    expect(s.items[0]).toMatchObject({ status: "interrupted", file: undefined, resume, error: "Not that file" });
    expect(uploadsToStart(s, 3)).toEqual([]);
    // An expired one takes no file: it is uploaded afresh instead.
    const expired = run([{ type: "add", items: [item("x", { status: "interrupted", file: undefined, resume, unfinished: { ...unfinished, expired: true } })] }]);
    expect(run([{ type: "attach", id: "x", file: file("x.mp4") }], expired)).toBe(expired);
  });

  it("counts the bytes of queued, running and interrupted uploads against the credits", () => {
    const s = run([
      { type: "add", items: [item("a", { size: 100 }), item("b", { size: 20 }), item("c", { size: 3, status: "interrupted", file: undefined }), item("d", { size: 5000 })] },
      { type: "start", id: "a" },
      { type: "start", id: "d" },
      { type: "complete", id: "d", videoId: "v-d", state: "processing", at: 1 },
    ]);
    expect(pendingBytes(s)).toBe(123);
  });
});

describe("one state per file (issue 55 item 5)", () => {
  it("a sent file's bar follows its film's state on the server: processing, then ready or failed with the reason", () => {
    let s = run([
      { type: "add", items: [item("a"), item("b")] },
      { type: "start", id: "a" },
      { type: "start", id: "b" },
      { type: "complete", id: "a", videoId: "v1", state: "processing", at: 1 },
      { type: "complete", id: "b", videoId: "v2", state: "failed", reason: "This file is not a video.", at: 1 },
    ]);
    expect(s.items.map((i) => [i.status, i.error])).toEqual([
      ["processing", undefined],
      ["failed", "This file is not a video."],
    ]);
    // An answer fetched before the completion is stale (a replaced film's old state): ignored.
    expect(run([{ type: "video", videoId: "v1", state: "ready", at: 0 }], s)).toBe(s);
    s = run([{ type: "video", videoId: "v1", state: "failed", reason: "Processing failed.", at: 2 }], s);
    expect(s.items[0]).toMatchObject({ status: "failed", error: "Processing failed.", percentage: 100 });
    expect(run([{ type: "video", videoId: "v1", state: "ready", at: 3 }], s).items[0]).toMatchObject({ status: "ready", error: undefined });
    // Nothing else follows a video: a running upload, an unknown film.
    const running = run([
      { type: "add", items: [item("c")] },
      { type: "start", id: "c" },
    ]);
    expect(run([{ type: "video", videoId: "v9", state: "ready", at: 9 }], running)).toBe(running);
  });
});

describe("a failure that may pass (issue 19, item 4)", () => {
  const upload = { key: "k", uploadId: "u" };

  it("keeps the file and the server's upload for Retry, which queues it again to continue", () => {
    let s = run([
      { type: "add", items: [item("a")] },
      { type: "start", id: "a" },
      { type: "progress", id: "a", percentage: 83 },
    ]);
    s = queueReducer(s, { type: "fail", id: "a", error: "Network error on part 2", retry: { upload } });
    expect(s.items[0]).toMatchObject({ status: "failed", retryable: true, resume: upload, error: "Network error on part 2" });
    expect(s.items[0].file).toBeDefined();
    s = queueReducer(s, { type: "retry", id: "a" });
    expect(s.items[0]).toMatchObject({ status: "queued", retryable: false, resume: upload, error: undefined });
    expect(uploadsToStart(s, 3).map((i) => i.id)).toEqual(["a"]);
  });

  it("a failure that cannot pass drops the file and cannot be retried", () => {
    const s = run([
      { type: "add", items: [item("a")] },
      { type: "start", id: "a" },
      { type: "fail", id: "a", error: "Not enough credits!" },
    ]);
    expect(s.items[0]).toMatchObject({ status: "failed", retryable: false, file: undefined });
    expect(queueReducer(s, { type: "retry", id: "a" })).toBe(s);
  });

  it("Retry does nothing to an upload that is running, done or cancelled", () => {
    const s = run([
      { type: "add", items: [item("a"), item("b")] },
      { type: "start", id: "a" },
      { type: "cancel", id: "b" },
    ]);
    expect(queueReducer(s, { type: "retry", id: "a" })).toBe(s);
    expect(queueReducer(s, { type: "retry", id: "b" })).toBe(s);
  });

  it("keeps the bar of a cancel that came too late (the film was filed) until the studio keeps or deletes it", () => {
    let s = run([
      { type: "add", items: [item("a"), item("b")] },
      { type: "start", id: "a" },
      { type: "start", id: "b" },
      { type: "progress", id: "a", percentage: 99.6 },
    ]);
    s = run([{ type: "filed", id: "a", videoId: "v1" }], s);
    const filed = s.items.find((i) => i.id === "a")!;
    expect(filed).toMatchObject({ status: "filed", percentage: 100, videoId: "v1" });
    // Neither running nor finished: no leave warning, no Clear finished, no credits held in the queue.
    expect(pendingBytes(s)).toBe(10);
    expect(statuses(run([{ type: "clearFinished" }, { type: "dismiss", id: "a" }], s))).toEqual({ a: "filed", b: "uploading" });
    expect(statuses(run([{ type: "keep", id: "a" }], s))).toEqual({ a: "processing", b: "uploading" });
    expect(statuses(run([{ type: "cancel", id: "a" }], s))).toEqual({ b: "uploading" });
    // Only a running upload can turn out filed.
    expect(
      run(
        [
          { type: "fail", id: "b", error: "x" },
          { type: "filed", id: "b", videoId: "v2" },
        ],
        s,
      ).items[1].status,
    ).toBe("failed");
  });
});
